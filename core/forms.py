"""The form base every app's pages use."""

from __future__ import annotations

from django import forms

from core.errors import DomainError


class AccessibleForm(forms.Form):
    """Points each widget at its error list and help text (ids `<auto_id>-errors` and
    `<auto_id>-help`, rendered by templates/partials/field.html) so screen readers announce
    them, and gives every error list a fixed place the builder's script can fill."""

    def __init__(self, *args, **kwargs) -> None:  # noqa: ANN002, ANN003
        super().__init__(*args, **kwargs)
        for name, field in self.fields.items():
            auto_id = self[name].auto_id
            described = [f"{auto_id}-errors"]
            if field.help_text:
                described.append(f"{auto_id}-help")
            field.widget.attrs.setdefault("aria-describedby", " ".join(described))

    def add_domain_error(self, error: DomainError, field: str | None = None) -> None:
        """Each of the service's problems beside `field`, else beside the field it is about
        (its tag, `core.errors.Problem`), else above the fields: a field this form lacks or
        shows disabled takes no error."""
        for where, problem in error.placed():
            self.add_error(field or self.field_for(where), problem)

    # A service's input named otherwise than the form's field that holds it.
    input_fields: dict[str, str] = {}

    def field_for(self, name: str | None) -> str | None:
        """The field of this form that shows a problem about the input `name`, or None."""
        name = self.input_fields.get(name, name) if name is not None else None
        if name in self.fields and not self.fields[name].disabled:
            return name
        return None
