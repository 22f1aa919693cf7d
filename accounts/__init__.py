"""People's accounts: sign-up with e-mail confirmation, the display name, the rate limits of
sign-up and password reset, account deletion and the download of one's own data."""
