"""Events become sequences of phases (models.phases). Every event that has started gets its
phases from its settings: its Swiss rounds, then, with a top cut, a single elimination of the
top N whose entrants (in seed order) are read back from the cut's first round; every round is
put in its phase. Events still in registration get theirs when they start. The top cut may now
be 2 to 64 players, with an optional match for third place."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def _seed_order(size: int) -> list[int]:
    """The standard bracket order (a copy: a migration keeps its own): for 8,
    [1, 8, 4, 5, 2, 7, 3, 6]."""
    order = [1, 2]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [s for seed in order for s in (seed, total - seed)]
    return order


def phases_from_settings(apps, schema_editor) -> None:  # noqa: ANN001
    Event = apps.get_model("tournaments", "Event")
    Phase = apps.get_model("tournaments", "Phase")
    Round = apps.get_model("tournaments", "Round")
    Match = apps.get_model("tournaments", "Match")
    for event in Event.objects.exclude(status="registration").order_by("pk").iterator():
        swiss = Phase.objects.create(event=event, number=1, structure="swiss",
                                     rounds=event.rounds)
        Round.objects.filter(event=event, stage="swiss").update(phase=swiss)
        if not event.top_cut:
            continue
        first = Round.objects.filter(event=event, stage="top_cut").order_by("number").first()
        entrants: list[int] = []
        if first is not None:
            matches = list(Match.objects.filter(round=first).order_by("table"))
            seeds = _seed_order(2 * len(matches))
            placed = {}
            for index, match in enumerate(matches):
                placed[seeds[2 * index]] = match.player_a_id
                placed[seeds[2 * index + 1]] = match.player_b_id
            entrants = [placed[seed] for seed in sorted(placed)]
        cut = Phase.objects.create(event=event, number=2, structure="single_elimination",
                                   advance="top", advance_count=event.top_cut,
                                   entrants=entrants)
        Round.objects.filter(event=event, stage="top_cut").update(phase=cut)


class Migration(migrations.Migration):

    dependencies = [
        ('decks', '0006_rename_game_cardgame'),
        ('tournaments', '0026_resultchange_note_code'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='Phase',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('number', models.PositiveSmallIntegerField()),
                ('structure', models.CharField(choices=[('swiss', 'Swiss'), ('round_robin', 'Round robin'), ('single_elimination', 'Single elimination'), ('double_elimination', 'Double elimination')], max_length=20)),
                ('advance', models.CharField(choices=[('everyone', 'Everyone'), ('top', 'The top players'), ('points', 'Players with enough match points'), ('group_top', 'The top players of each group')], default='everyone', max_length=10)),
                ('advance_count', models.PositiveSmallIntegerField(blank=True, null=True)),
                ('advance_points', models.PositiveSmallIntegerField(blank=True, null=True)),
                ('rounds', models.PositiveSmallIntegerField(blank=True, null=True)),
                ('groups', models.PositiveSmallIntegerField(blank=True, null=True)),
                ('cycles', models.PositiveSmallIntegerField(default=1)),
                ('head_to_head', models.BooleanField(default=False)),
                ('third_place', models.BooleanField(default=False)),
                ('bracket_reset', models.BooleanField(default=True)),
                ('carry_over', models.BooleanField(default=True)),
                ('entrants', models.JSONField(blank=True, default=list)),
            ],
            options={
                'ordering': ['event', 'number'],
            },
        ),
        migrations.RemoveConstraint(
            model_name='event',
            name='event_top_cut_0_4_or_8',
        ),
        migrations.AddField(
            model_name='event',
            name='third_place',
            field=models.BooleanField(default=False),
        ),
        migrations.AlterField(
            model_name='event',
            name='top_cut',
            field=models.PositiveSmallIntegerField(choices=[(0, 'No top cut'), (2, 'Top 2'), (4, 'Top 4'), (8, 'Top 8'), (16, 'Top 16'), (32, 'Top 32'), (64, 'Top 64')], default=0),
        ),
        migrations.AddConstraint(
            model_name='event',
            constraint=models.CheckConstraint(condition=models.Q(('top_cut__in', [0, 2, 4, 8, 16, 32, 64])), name='event_top_cut_a_power_of_two'),
        ),
        migrations.AddField(
            model_name='phase',
            name='event',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='phases', to='tournaments.event'),
        ),
        migrations.AddField(
            model_name='round',
            name='phase',
            field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.CASCADE, related_name="phase_rounds", to='tournaments.phase'),
        ),
        migrations.AddConstraint(
            model_name='phase',
            constraint=models.UniqueConstraint(fields=('event', 'number'), name='one_phase_per_number'),
        ),
        migrations.AddConstraint(
            model_name='phase',
            constraint=models.CheckConstraint(condition=models.Q(('number__gte', 1)), name='phase_number_from_1'),
        ),
        migrations.AddConstraint(
            model_name='phase',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('advance', 'everyone'), ('number', 1)), models.Q(('number__gt', 1), models.Q(('advance', 'everyone'), _negated=True)), _connector='OR'), name='only_the_first_phase_takes_everyone'),
        ),
        migrations.AddConstraint(
            model_name='phase',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('advance__in', ('top', 'group_top')), _negated=True), ('advance_count__gte', 1), _connector='OR'), name='a_top_cut_has_a_size'),
        ),
        migrations.AddConstraint(
            model_name='phase',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('advance', 'points'), _negated=True), ('advance_points__isnull', False), _connector='OR'), name='a_points_cut_has_a_threshold'),
        ),
        migrations.AddConstraint(
            model_name='phase',
            constraint=models.CheckConstraint(condition=models.Q(('cycles__gte', 1), ('cycles__lte', 2)), name='phase_cycles_1_or_2'),
        ),
        migrations.AddField(
            model_name='match',
            name='bracket',
            field=models.CharField(blank=True, choices=[('', 'Main'), ('third_place', 'Third place')], default='', max_length=12),
        ),
        migrations.RunPython(phases_from_settings, migrations.RunPython.noop),
        migrations.AlterField(
            model_name='round',
            name='phase',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="phase_rounds", to='tournaments.phase'),
        ),
    ]
