"""Django's LocaleMiddleware, minus its redirects under ``/api/``."""

from django.middleware.locale import LocaleMiddleware as DjangoLocaleMiddleware


class LocaleMiddleware(DjangoLocaleMiddleware):
    """Activate the request's language everywhere (the API's default ``lang``
    is the ``Accept-Language``), but leave the API's answers alone.

    Django's middleware turns a 404 whose address would match a page under
    a language prefix into a redirect there (``/api/games/x`` →
    ``/en/api/games/x/``, read as a clause page); an API 404 must stay a 404
    in the API's error shape.
    """

    def process_response(self, request, response):
        if request.path_info.startswith("/api/"):
            return response
        return super().process_response(request, response)
