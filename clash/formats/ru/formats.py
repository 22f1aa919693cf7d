# Russian: the month in the genitive after the day (E), "7 декабря 2026 г.".
DATETIME_FORMAT = "j E Y г., G:i"  # 7 декабря 2026 г., 15:30
MONTH_DAY_FORMAT = "j E"  # 7 декабря (Django's "j F" gives "7 Декабрь")
DAY_TIME_FORMAT = "j E, G:i"  # 7 декабря, 15:30
DAY_TIME_SECONDS_FORMAT = "j E, G:i:s"  # 7 декабря, 15:30:05
WEEKDAY_DATETIME_FORMAT = "l, j E Y г., G:i"  # понедельник, 7 декабря 2026 г., 15:30
