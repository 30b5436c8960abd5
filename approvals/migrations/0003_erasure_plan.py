from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("approvals", "0002_erasure_requests"),
    ]

    operations = [
        migrations.AddField(
            model_name="erasurerequest",
            name="plan",
            field=models.JSONField(
                blank=True,
                default=list,
                help_text="Ids of every item the job has found to erase (ids only).",
            ),
        ),
    ]
