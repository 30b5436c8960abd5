from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("audit", "0002_insert_only_trigger")]

    operations = [
        migrations.AddField(
            model_name="auditevent",
            name="key_id",
            field=models.CharField(
                blank=True,
                default="",
                help_text="Which audit key chained this event (docs/audit.md).",
                max_length=16,
            ),
        ),
    ]
