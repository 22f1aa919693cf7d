# Turkish: the day without a leading zero (Django's "d F Y" gives "07 Aralık 2026").
DATE_FORMAT = "j F Y"  # 7 Aralık 2026
DATETIME_FORMAT = "j F Y H:i"  # 7 Aralık 2026 15:30
MONTH_DAY_FORMAT = "j F"  # 7 Aralık
DAY_TIME_FORMAT = "j F H:i"  # 7 Aralık 15:30
DAY_TIME_SECONDS_FORMAT = "j F H:i:s"  # 7 Aralık 15:30:05
WEEKDAY_DATETIME_FORMAT = "j F Y l H:i"  # 7 Aralık 2026 Pazartesi 15:30
