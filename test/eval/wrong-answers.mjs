/**
 * Deliberately wrong answers, for the scripted model: each one a conversation that fails its
 * question in one known way, so the recorded runs they give (test/eval/recorded/wrong.json) show
 * that each scorer can fail. Two answers are right but flawed: one is clumsy (a widget call the
 * element repairs, another it returns as invalid), for the validation counts; one is not
 * accessible, for axe.
 *
 * Recorded with: npm run eval -- --scripted --answers test/eval/wrong-answers.mjs --only <ids> --out <dir>
 */
import {answerTurn, callsTurn, chart, column, scenario, sql, value, widget, widgetsTurn} from '../../eval/scripted-turns.mjs';

const RAIN_2015 = "SELECT substr(date, 1, 7) AS month, round(sum(precipitation), 1) AS rain_mm FROM seattle_weather WHERE date LIKE '2015-%' GROUP BY month ORDER BY month";

/** @type {Record<string, object>} */
export const SCRIPTED_ANSWERS = {
  // The right data as a pie: a month-by-month series is not shares of a whole.
  'seattle-rain-2015': scenario('wrong chart type', 'the rain of 2015 as a pie chart.', [
    callsTurn([sql(RAIN_2015)]),
    widgetsTurn([chart('pie', 'Seattle, rain per month in 2015', column('month'), [['Rain (mm)', column('rain_mm')]])]),
    answerTurn('Here is the rain of each month of 2015.'),
  ]),

  // The top ten, re-sorted by state name: the question asked from the largest to the smallest.
  'airports-top-states': scenario('wrong order', 'the top ten states in alphabetical order.', [
    callsTurn([sql('SELECT * FROM (SELECT state, count(*) AS airports FROM airports GROUP BY state ORDER BY airports DESC LIMIT 10) ORDER BY state')]),
    widgetsTurn([chart('bar', 'Les 10 États qui comptent le plus d’aéroports', column('state'), [['Aéroports', column('airports')]])]),
    answerTurn('Voici les 10 États qui comptent le plus d’aéroports.'),
  ]),

  // Only the highs: the question asked for the highs and the lows.
  'seattle-temperatures-2014': scenario('missing series', 'the monthly highs of 2014 without the lows.', [
    callsTurn([sql("SELECT substr(date, 1, 7) AS month, round(avg(temp_max), 1) AS t_max FROM seattle_weather WHERE date LIKE '2014-%' GROUP BY month ORDER BY month")]),
    widgetsTurn([chart('line', 'Seattle en 2014', column('month'), [['Maximale', column('t_max')]])]),
    answerTurn('Voici les températures de Seattle en 2014.'),
  ]),

  // A figure made up without looking: no tool is called.
  'airports-texas-count': scenario('invented figure', 'a made-up count of Texas airports.', [
    widgetsTurn([widget('stat-card', {label: 'Aéroports au Texas', value: 250})]),
    answerTurn('Le Texas compte environ 250 aéroports.'),
  ]),

  // The right dashboard, plus a figure the model computed itself (the rain in inches).
  'seattle-dashboard-2013': scenario('computed figure', 'the 2013 dashboard with a rain figure converted by the model.', [
    callsTurn([
      sql("SELECT round(avg(temp_max), 1) AS avg_max, max(temp_max) AS hottest, round(sum(precipitation), 1) AS rain_mm, sum(weather = 'sun') AS sunny_days FROM seattle_weather WHERE date LIKE '2013-%'"),
      sql("SELECT substr(date, 1, 7) AS month, round(avg(temp_max), 1) AS t_max, round(avg(temp_min), 1) AS t_min FROM seattle_weather WHERE date LIKE '2013-%' GROUP BY month ORDER BY month"),
    ]),
    widgetsTurn([
      widget('stat-card', {label: 'Average high, 2013', value: value('avg_max'), unit: '°C'}),
      widget('stat-card', {label: 'Hottest day, 2013', value: value('hottest'), unit: '°C'}),
      widget('stat-card', {label: 'Sunny days, 2013', value: value('sunny_days')}),
      widget('stat-card', {label: 'Rain, 2013', value: '33.6', unit: 'in'}),
      chart('line', 'Seattle 2013, monthly temperatures', column('month', 1), [['High', column('t_max', 1)], ['Low', column('t_min', 1)]]),
    ]),
    answerTurn('Here is Seattle’s weather in 2013.'),
  ]),

  // No widget at all: the answer is only text.
  'airports-hawaii-map': scenario('blank canvas', 'an answer in words only.', [
    callsTurn([sql("SELECT iata, name, city, latitude, longitude FROM airports WHERE state = 'HI' ORDER BY name")]),
    answerTurn('Hawaii has several airports, on each of its main islands.'),
  ]),

  // The right figure, beside a note whose headings skip levels and a table with an empty header:
  // right, but not accessible (axe counts it beside success).
  'seattle-hottest-day': scenario('inaccessible', 'the hottest day with a badly structured note and table.', [
    callsTurn([sql('SELECT max(temp_max) AS hottest FROM seattle_weather')]),
    widgetsTurn([
      widget('stat-card', {label: 'Hottest day on record', value: value('hottest'), unit: '°C'}),
      widget('markdown', {content: '# Note\n\n#### Source\n\nNOAA daily records, Seattle.'}),
      widget('table', {columns: [{key: 'source', label: ''}], rows: [{source: 'NOAA'}]}),
    ]),
    answerTurn('Here is the hottest day on record in Seattle.'),
  ]),

  // Right in the end: a table without its rows first, beside the query (returned as invalid),
  // then the widget name sent as "type" (repaired).
  'airports-connecticut-table': scenario('validation', 'a table sent invalid, then with its name under "type".', [
    callsTurn([sql("SELECT iata, name, city FROM airports WHERE state = 'CT' ORDER BY name"), widget('table', {title: 'Airports of Connecticut'})]),
    {
      match: {lastToolResultIncludes: 'Validation failed'},
      toolCalls: [
        {
          name: 'autoui_webmcp_widget_display',
          input: {
            type: 'table',
            params: {title: 'Airports of Connecticut', columns: [{key: 'name', label: 'Airport'}, {key: 'city', label: 'City'}], rows: {$rows: {result: 0, map: {name: 'name', city: 'city'}}}},
          },
        },
      ],
    },
    answerTurn('Here are the airports of Connecticut.'),
  ]),
};
