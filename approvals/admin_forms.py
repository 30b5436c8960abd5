"""Forms of the admin pages. They parse input; the administration services decide."""

from __future__ import annotations

from typing import Any

from django import forms

from memory_core.models import AgentRole, Layer, Role
from memory_core.policy import (
    DEFAULT_POLICY,
    POLICY_GROUPS,
    POLICY_NAMES,
    Policy,
    Rule,
    policy_rule,
    policy_setting,
)
from memory_core.services.administration import policy_values

REASON_MAX = 500


class InviteForm(forms.Form):
    username = forms.CharField(max_length=150)
    email = forms.EmailField(required=False)
    role = forms.ChoiceField(choices=Role.choices, initial=Role.CURATOR)


class RoleForm(forms.Form):
    role = forms.ChoiceField(choices=Role.choices)


class ReasonForm(forms.Form):
    reason = forms.CharField(max_length=REASON_MAX, required=False)


class TokenIssueForm(forms.Form):
    label = forms.CharField(max_length=100, required=False)


class AgentGrantsForm(forms.Form):
    """What an agent may write: scopes (one path a line), layers and role."""

    role = forms.ChoiceField(choices=AgentRole.choices, initial=AgentRole.EXECUTOR)
    scopes = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3, "spellcheck": "false"}),
        help_text="One scope path a line; the agent writes at or below each.",
    )
    layers = forms.MultipleChoiceField(
        choices=Layer.choices,
        widget=forms.CheckboxSelectMultiple,
        initial=[Layer.SESSION, Layer.EPISODIC],
    )
    reason = forms.CharField(max_length=REASON_MAX, required=False)

    def clean_scopes(self) -> list[str]:
        return [line.strip() for line in self.cleaned_data["scopes"].splitlines()]


class AgentCreateForm(AgentGrantsForm):
    name = forms.CharField(max_length=100)
    field_order = ["name", "role", "scopes", "layers"]


# Scopes


class ScopeFilterForm(forms.Form):
    prefix = forms.CharField(max_length=500, required=False)
    state = forms.ChoiceField(
        choices=[("", "Any state"), ("active", "Active"), ("archived", "Archived")],
        required=False,
    )

    def clean_prefix(self) -> str:
        prefix = self.cleaned_data["prefix"].strip()
        return prefix if not prefix or prefix.startswith("/") else f"/{prefix}"


class ScopeCreateForm(forms.Form):
    parent = forms.CharField(max_length=500)
    kind = forms.ChoiceField(
        choices=[("user", "User"), ("task", "Task"), ("org", "Org")], initial="user"
    )
    segment = forms.CharField(max_length=100)
    name = forms.CharField(max_length=200, required=False)


class ScopeRenameForm(forms.Form):
    name = forms.CharField(max_length=200)


# The settings page


def _display(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, list):
        return ", ".join(value) or "none"
    return str(value)


def _leaf_field(rule: Rule, initial: Any) -> forms.Field:
    """Return the input for one value; a blank number means the default."""
    if rule.kind == "bool":
        field: forms.Field = forms.BooleanField(required=False)
    elif rule.kind == "choices":
        field = forms.MultipleChoiceField(
            choices=[(c, c) for c in rule.choices],
            required=False,
            widget=forms.CheckboxSelectMultiple,
        )
    elif rule.kind == "choice":
        field = forms.ChoiceField(choices=[(c, c) for c in rule.choices])
    elif rule.kind == "int":
        field = forms.IntegerField(required=False)
    else:
        field = forms.FloatField(required=False)
    field.initial = initial
    # Submit only what the admin changed, so a concurrent edit of another
    # setting is not overwritten with the value this page showed.
    field.show_hidden_initial = True
    return field


def field_name(key: str) -> str:
    """Return the input name of a flat policy key: `rate_limits.session` → `…__…`."""
    return key.replace(".", "__")


class PolicyForm(forms.Form):
    """Every policy value as an input, each with its default and override state."""

    reason = forms.CharField(
        max_length=REASON_MAX,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text="Required; it goes to the audit trail with the changed values.",
    )

    def __init__(self, *args: Any, policy: Policy, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.current = policy_values(policy)
        self.defaults = policy_values(DEFAULT_POLICY)
        self.setting_errors: dict[str, list[str]] = {}
        for key, value in self.current.items():
            rule = policy_rule(key.partition(".")[0])
            self.fields[field_name(key)] = _leaf_field(rule, value)

    def changes(self) -> dict[str, Any]:
        """Return the changed values in the shape `tenant_policy_update` takes."""
        changes: dict[str, Any] = {}
        for key in self.current:
            name, _, sub = key.partition(".")
            if field_name(key) not in self.changed_data:
                continue
            value = self.cleaned_data[field_name(key)]
            if not sub:
                changes[name] = value
            elif isinstance(getattr(DEFAULT_POLICY, name), dict):
                changes.setdefault(name, {})[sub] = value
            else:
                # A tuple takes all its items; unchanged ones keep their value.
                items = changes.setdefault(name, self._items(name))
                items[int(sub)] = value
        return changes

    def saved_message(self) -> str:
        """Return what to tell the admin once the changes are saved."""
        count = len([name for name in self.changed_data if name != "reason"])
        if not count:
            return "Nothing changed: every value is as it was."
        return f"The policy is saved: {count} value{'s' if count > 1 else ''} changed."

    def _items(self, name: str) -> list[Any]:
        return [v for k, v in self.current.items() if k.partition(".")[0] == name]

    def add_service_errors(self, errors: dict[str, str]) -> None:
        """Attach the service's errors, keyed by flat policy key, to their inputs."""
        for key, message in errors.items():
            if field_name(key) in self.fields:
                self.add_error(field_name(key), message)
            elif key in POLICY_NAMES:
                self.setting_errors.setdefault(key, []).append(message)
            else:
                self.add_error(None, message)

    def groups(self) -> list[dict[str, Any]]:
        """Return the settings by group, each value with its input and default."""
        return [
            {"group": group, "settings": [self._setting(n) for n in group.names]}
            for group in POLICY_GROUPS
            if group.names or group.slug == "ttl"
        ]

    def _setting(self, name: str) -> dict[str, Any]:
        setting = policy_setting(name)
        leaves = []
        for key, value in self.current.items():
            setting_name, _, sub = key.partition(".")
            if setting_name != name:
                continue
            label = setting.keys[int(sub)] if sub and setting.keys else sub
            leaves.append(
                {
                    "key": label.replace("_", " "),
                    "field": self[field_name(key)],
                    "default": _display(self.defaults[key]),
                    "overridden": value != self.defaults[key],
                }
            )
        return {
            "name": name,
            "setting": setting,
            "leaves": leaves,
            "single": len(leaves) == 1 and not leaves[0]["key"],
            "overridden": any(leaf["overridden"] for leaf in leaves),
            "errors": self.setting_errors.get(name, []),
        }
