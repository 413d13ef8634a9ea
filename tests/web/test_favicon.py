"""A favicon (issue 22 item 10): every page links the SVG icon served from /static, which the
Content-Security-Policy lets load (images from this server only)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from starlette.testclient import TestClient

from tests.web.helpers import sign_up

ICON_LINK = '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">'


def test_pages_link_the_svg_favicon_and_it_is_served(client: TestClient) -> None:
    for path in ("/", "/login", "/signup"):
        assert ICON_LINK in client.get(path).text, path
    sign_up(client, "Ann")
    assert ICON_LINK in client.get("/new/home").text

    icon = client.get("/static/favicon.svg")
    assert icon.status_code == 200
    assert icon.headers["content-type"].startswith("image/svg+xml")
    assert ET.fromstring(icon.text).tag == "{http://www.w3.org/2000/svg}svg"
    policy = client.get("/").headers["content-security-policy"]
    assert "default-src 'self'" in policy and "img-src" not in policy  # self: allowed
