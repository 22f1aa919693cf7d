# Serbian: the month in full and in lower case ("7. децембар 2026."); Django's abbreviations
# are capitalized with a full stop ("Дец.").
DAY_TIME_FORMAT = "j. F H:i"  # 7. децембар 15:30
DAY_TIME_SECONDS_FORMAT = "j. F H:i:s"  # 7. децембар 15:30:05
WEEKDAY_DATETIME_FORMAT = "l, j. F Y. H:i"  # понедељак, 7. децембар 2026. 15:30
