"""Tenant suspension, scope archiving and authorship, one-time passwords."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("auth", "0012_alter_user_first_name_max_length"),
        ("memory_core", "0006_hnsw_active_versions"),
    ]

    operations = [
        migrations.CreateModel(
            name="PasswordChangeRequired",
            fields=[
                (
                    "user",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="password_change_required",
                        serialize=False,
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                ("created_at", models.DateTimeField(auto_now_add=True)),
            ],
        ),
        migrations.AddField(
            model_name="scope",
            name="archived_at",
            field=models.DateTimeField(
                blank=True, help_text="Archived scopes take no writes.", null=True
            ),
        ),
        migrations.AddField(
            model_name="scope",
            name="created_by_agent",
            field=models.ForeignKey(
                blank=True,
                help_text="Set when an agent's write created it (auto_create_scopes).",
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="+",
                to="memory_core.agent",
            ),
        ),
        migrations.AddField(
            model_name="tenant",
            name="suspended_at",
            field=models.DateTimeField(
                blank=True,
                help_text="Set by a platform operator: agents and members are refused.",
                null=True,
            ),
        ),
        migrations.AddField(
            model_name="tenant",
            name="suspension_reason",
            field=models.TextField(blank=True),
        ),
    ]
