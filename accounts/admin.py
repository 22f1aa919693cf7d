from django.contrib import admin

from accounts.models import Profile


@admin.register(Profile)
class ProfileAdmin(admin.ModelAdmin):
    list_display = ("user", "display_name", "email_confirmed")
    list_filter = ("email_confirmed",)
    search_fields = ("user__username", "display_name", "user__email")
    raw_id_fields = ("user",)
