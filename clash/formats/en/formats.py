# English as the site writes it: day month year, a 24-hour clock ("7 Dec 2026, 15:30").
DATE_FORMAT = "j M Y"  # 7 Dec 2026
DATETIME_FORMAT = "j M Y, H:i"  # 7 Dec 2026, 15:30
TIME_FORMAT = "H:i"  # 15:30
MONTH_DAY_FORMAT = "j F"  # 7 December
DAY_TIME_FORMAT = "j M, H:i"  # 7 Dec, 15:30
DAY_TIME_SECONDS_FORMAT = "j M, H:i:s"  # 7 Dec, 15:30:05
WEEKDAY_DATETIME_FORMAT = "l j F Y, H:i"  # Monday 7 December 2026, 15:30
