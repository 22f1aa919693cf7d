"""The error responses every endpoint documents, and the input check every endpoint runs."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers


class ProblemDetailOut(serializers.Serializer):
    message = serializers.CharField(help_text="The problem in the reader's language, as in "
                                              "`problems`")
    code = serializers.CharField(allow_null=True, help_text="Stable: a game's rules' code "
                                 "(too_many_copies, too_few_cards, ...), null for the others")
    params = serializers.DictField(help_text="The values the message names (card, count, "
                                             "limits), by name")


class ErrorBodyOut(serializers.Serializer):
    code = serializers.CharField()
    message = serializers.CharField()
    problems = serializers.ListField(child=serializers.CharField(), required=False)
    details = ProblemDetailOut(many=True, required=False, help_text=(
        "Each of `problems` with its code and params, when a game's rules found one of them."))
    fields = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField()), required=False,
        help_text="The problems about one input, by the input's name (a problem about the "
                  "input as a whole is in `problems` only).")


class ErrorOut(serializers.Serializer):
    error = ErrorBodyOut()


ERRORS = {
    400: OpenApiResponse(ErrorOut, description="invalid input or a rule the input breaks"),
    403: OpenApiResponse(ErrorOut, description="not logged in, or not yours to change"),
    404: OpenApiResponse(ErrorOut, description="missing, or not visible to you"),
    409: OpenApiResponse(ErrorOut, description="not possible in the current state"),
}


def errors(*codes: int) -> dict:
    return {code: ERRORS[code] for code in codes}


def valid(serializer_class: type, data, **context) -> dict:  # noqa: ANN001, ANN003
    serializer = serializer_class(data=data, context=context)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data
