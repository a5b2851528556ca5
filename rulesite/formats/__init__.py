"""Date formats of the site's languages where Django's own are ambiguous
(``FORMAT_MODULE_PATH``): English dates are written "25 January 2023", never
US-style "01/25/2023"; German and Russian keep Django's 25.01.2023."""
