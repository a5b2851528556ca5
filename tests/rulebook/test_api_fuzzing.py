"""Fuzzing the JSON API from its own OpenAPI document with schemathesis.

Schemathesis reads the OpenAPI document the site serves at
``/api/openapi.json`` (``rulebook.calculator.api.api.get_openapi_schema()``, the same
dictionary, taken without a request so that collecting the tests needs no
database) and sends each operation, through the site's WSGI application on
the seeded test database,
generated requests: valid ones and ones that break the schema (wrong types,
missing or unknown fields, odd path parameters).  Whatever it sends, the
API must answer without a server error.  (Schemathesis' check that every
answer matches its documented schema is not asserted: django-ninja's own
422 for a missing body and the 404 of an unknown scenario do not follow the
documented ``ErrorOut`` shape yet.)  Bounded: 30 examples per operation, no deadline (the
machine may be shared); the whole module runs in well under a minute.
"""

import json

import schemathesis
from django.core.wsgi import get_wsgi_application
from hypothesis import HealthCheck, settings

OPENAPI_PATH = "/api/openapi.json"


def _schema():
    from rulebook.calculator.api import api

    document = json.loads(json.dumps(api.get_openapi_schema(path_prefix="/api/")))
    loaded = schemathesis.openapi.from_dict(document)
    loaded.app = get_wsgi_application()
    loaded.location = OPENAPI_PATH
    return loaded


schema = _schema()


def test_the_fuzzed_document_is_the_served_one(client):
    assert client.get(OPENAPI_PATH).json() == schema.raw_schema
    assert len(list(schema.get_all_operations())) >= 4


@schema.parametrize()
@settings(max_examples=30, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture,
                                 HealthCheck.too_slow, HealthCheck.filter_too_much])
def test_the_api_never_answers_with_a_server_error(case, seeded):
    response = case.call()
    assert response.status_code < 500, (case.method, case.formatted_path, case.query,
                                        case.body, response.text[:500])
    case.validate_response(response, checks=[schemathesis.checks.not_a_server_error])
