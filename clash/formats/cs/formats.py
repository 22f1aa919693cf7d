# Czech: the month in the genitive after the day (E), "7. prosince 2026".
MONTH_DAY_FORMAT = "j. E"  # 7. prosince (Django's "j. F" gives "7. prosinec")
DAY_TIME_FORMAT = "j. E G:i"  # 7. prosince 15:30
DAY_TIME_SECONDS_FORMAT = "j. E G:i:s"  # 7. prosince 15:30:05
WEEKDAY_DATETIME_FORMAT = "l j. E Y G:i"  # pondělí 7. prosince 2026 15:30
