"""Who is there: accounts, sessions in cookies, forms that only this site can send."""
