# Esperanto: months in lower case and in full (Django's abbreviations and its E are
# capitalized: "Dec", "Decembro").
DAY_TIME_FORMAT = r"j\-\a \d\e F\, \j\e H:i"  # 7-a de decembro, je 15:30
DAY_TIME_SECONDS_FORMAT = r"j\-\a \d\e F\, \j\e H:i:s"  # 7-a de decembro, je 15:30:05
WEEKDAY_DATETIME_FORMAT = r"l\, j\-\a \d\e F Y\, \j\e H:i"  # lundo, 7-a de decembro 2026, je 15:30
