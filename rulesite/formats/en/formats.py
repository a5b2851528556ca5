"""English date formats without the US month-first order.

Django's English ``SHORT_DATE_FORMAT`` is ``m/d/Y`` (01/25/2023), read the
other way round by most European readers; the site writes the month's name.
"""

DATE_FORMAT = "j F Y"                  # 25 January 2023
SHORT_DATE_FORMAT = "j F Y"
DATETIME_FORMAT = "j F Y, H:i"         # 25 January 2023, 14:05
SHORT_DATETIME_FORMAT = "j F Y, H:i"
MONTH_DAY_FORMAT = "j F"
YEAR_MONTH_FORMAT = "F Y"
# Forms accept ISO first (what the site's links use), then day-first forms.
DATE_INPUT_FORMATS = ["%Y-%m-%d", "%d.%m.%Y", "%d %B %Y", "%d %b %Y"]
DATETIME_INPUT_FORMATS = ["%Y-%m-%d %H:%M:%S", "%Y-%m-%d %H:%M", "%Y-%m-%d",
                          "%d.%m.%Y %H:%M:%S", "%d.%m.%Y %H:%M", "%d.%m.%Y"]
FIRST_DAY_OF_WEEK = 1                  # Monday
