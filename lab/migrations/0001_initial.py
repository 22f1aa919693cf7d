"""`LabRun`, moved from tournaments: its table was renamed to `lab_labrun` by tournaments
0013_lab_move_out, so this migration only adds the model to the lab's state."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
        ('tournaments', '0013_lab_move_out'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.CreateModel(
                    name='LabRun',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('deck_label', models.CharField(max_length=120)),
                        ('deck', models.JSONField()),
                        ('field', models.JSONField()),
                        ('games', models.PositiveIntegerField()),
                        ('ai', models.CharField(max_length=20)),
                        ('seed', models.BigIntegerField()),
                        ('status', models.CharField(choices=[('running', 'Running'), ('done', 'Done'), ('failed', 'Failed')], default='running', max_length=10)),
                        ('result_id', models.CharField(blank=True, max_length=255)),
                        ('chunk_ids', models.JSONField(default=list)),
                        ('result', models.JSONField(blank=True, null=True)),
                        ('error', models.TextField(blank=True)),
                        ('created_at', models.DateTimeField()),
                        ('finished_at', models.DateTimeField(blank=True, null=True)),
                        ('owner', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='lab_runs', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'ordering': ['-created_at', '-id'],
                    },
                ),
            ],
        ),
    ]
