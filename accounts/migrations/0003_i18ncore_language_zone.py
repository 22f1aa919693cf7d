from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('accounts', '0002_accounts_email_changed_at'),
    ]

    operations = [
        migrations.AddField(
            model_name='profile',
            name='language',
            field=models.CharField(blank=True, choices=[('en', 'English'), ('sr', 'Српски'), ('sr-latn', 'Srpski (latinica)'), ('eo', 'Esperanto'), ('tr', 'Türkçe'), ('cs', 'Čeština'), ('ru', 'Русский')], max_length=10, verbose_name='language'),
        ),
        migrations.AddField(
            model_name='profile',
            name='time_zone',
            field=models.CharField(blank=True, max_length=64, verbose_name='time zone'),
        ),
    ]
