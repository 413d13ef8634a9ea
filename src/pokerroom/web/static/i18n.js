// The page's words in its language (<html lang>, which the server set from the language
// menu's cookie or Accept-Language). /i18n/<lang>.js, loaded just before this file, holds
// the `js` catalogue (pokerroom/locale/*/LC_MESSAGES/js.po); scripts call:
//   t("Sit here")                              a message
//   t("Hand #{number}", { number: 12 })        with {name} placeholders
//   tn("{count} chip", "{count} chips", n, { count: n })   CLDR plural forms
//   tp("seat note", "out")                     a message in a context
// `scripts/catalogues` extracts exactly these calls, so their first arguments must be
// plain string literals. A message without a translation shows its English source.
"use strict";

(() => {
  const lang = document.documentElement.lang || "en";
  const catalogue = window.pokerroomCatalogue || {};
  // gettext's plural forms in CLDR's categories: en one|other, ru/uk one|few|many.
  const FORMS = {
    en: { one: 0, other: 1 },
    ru: { one: 0, few: 1, many: 2, other: 2 },
    uk: { one: 0, few: 1, many: 2, other: 2 },
  };
  const forms = FORMS[lang] || FORMS.en;
  const plurals = new Intl.PluralRules(FORMS[lang] ? lang : "en");

  function fill(text, values) {
    if (!values) return text;
    return text.replace(/\{(\w+)\}/g, (whole, name) =>
      Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole,
    );
  }

  function plural(key, singular, pluralText, count) {
    const found = catalogue[key];
    if (Array.isArray(found)) {
      const index = forms[plurals.select(count)] ?? forms.other;
      if (found[index]) return found[index];
    }
    return count === 1 ? singular : pluralText;
  }

  window.pageLanguage = lang;
  window.t = (message, values) => fill(catalogue[message] || message, values);
  window.tn = (singular, pluralText, count, values) =>
    fill(plural(`${singular}\u0000${pluralText}`, singular, pluralText, count), {
      count,
      ...(values || {}),
    });
  window.tp = (context, message, values) =>
    fill(catalogue[`${context}\u0004${message}`] || message, values);
})();
