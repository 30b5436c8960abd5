"""Forms of the platform operator's pages. They parse input; the services decide."""

from __future__ import annotations

from django import forms

from memory_core.policy import REGIONS
from memory_core.services.platform import REASON_MAX


class TenantCreateForm(forms.Form):
    slug = forms.CharField(max_length=64)
    name = forms.CharField(max_length=200)
    region = forms.ChoiceField(choices=[(region, region) for region in REGIONS])
    admin_email = forms.EmailField()
    admin_username = forms.CharField(max_length=150, required=False)


class SuspendForm(forms.Form):
    reason = forms.CharField(max_length=REASON_MAX)


class UnsuspendForm(forms.Form):
    reason = forms.CharField(max_length=REASON_MAX, required=False)
