/**
 * The "scripted demo model": for each question of the suite, one conversation the fake LLM
 * server replays (a scenario in the format of demo/replay/*.json). The calls are scripted; every
 * figure and every data label on the widgets is a placeholder (`$rows`, `$column`, `$value`)
 * filled live from the servers' answers, so a scripted run shows the servers' own data. Each
 * script is a correct answer to its question: the widgets it expects, a chart of an accepted
 * type following the truth, the values it must show.
 *
 * A script is short: the recipe lookup (left out when no recipe fits), one data turn, one
 * widgets turn (matched once `widget_display` is offered), one answer in the question's language.
 */

import {sql, atlas, widget, column, value, rows, recipeTurns, callsTurn, widgetsTurn, answerTurn, scenario, chart, table, markerMap} from './scripted-turns.mjs';

/** The first ten rows of a `$column` placeholder. */
const top10 = (placeholder) => ({$column: {...placeholder.$column, limit: 10}});

/**
 * A kv card of one country from a `country_info` result (read as one row).
 * @param {string} title
 * @param {CardLabels} labels the keys shown, in the question's language
 * @param {number} [result]
 */
function countryCard(title, labels, result = 0) {
  /** @param {string} k @param {string} column */
  const item = (k, column) => ({key: k, value: value(column, result, '.')});
  return widget('kv', {
    title,
    items: [
      item(labels.official, 'official_name'),
      item(labels.capital, 'capital'),
      item(labels.region, 'region'),
      item(labels.subregion, 'subregion'),
      item(labels.area, 'area_km2'),
      item(labels.landlocked, 'landlocked'),
      item(labels.flag, 'flag'),
    ],
  });
}

/** @type {CardLabels} */
const KV_EN = {official: 'Official name', capital: 'Capital', region: 'Region', subregion: 'Subregion', area: 'Area (km²)', landlocked: 'Landlocked', flag: 'Flag'};
/** @type {CardLabels} */
const KV_FR = {official: 'Nom officiel', capital: 'Capitale', region: 'Région', subregion: 'Sous-région', area: 'Superficie (km²)', landlocked: 'Sans accès à la mer', flag: 'Drapeau'};

// ---------------------------------------------------------------- the scripts

/** @param {number} year */
const MONTHLY_TEMPS = (year) =>
  `SELECT substr(date, 1, 7) AS month, round(avg(temp_max), 1) AS t_max, round(avg(temp_min), 1) AS t_min FROM seattle_weather WHERE date LIKE '${year}-%' GROUP BY month ORDER BY month`;

/** @type {Record<string, Scenario>} */
export const SCRIPTED_ANSWERS = {
  // ------------------------------------------------------------ Data: Seattle weather
  'seattle-rain-2015': scenario('seattle-rain-2015', 'Seattle monthly rain in 2015 as a bar chart.', [
    ...recipeTurns('data', 'seattle rain weather', 'seattle-weather-dashboard', 'Let me look for a recipe about Seattle weather.'),
    callsTurn([
      sql("SELECT substr(date, 1, 7) AS month, round(sum(precipitation), 1) AS rain_mm FROM seattle_weather WHERE date LIKE '2015-%' GROUP BY month ORDER BY month"),
    ]),
    widgetsTurn([chart('bar', 'Seattle, rain per month in 2015', column('month'), [['Rain (mm)', column('rain_mm')]], {yAxisTitle: 'mm'})]),
    answerTurn('Here is the rain that fell in Seattle each month of 2015, in millimetres.'),
  ]),

  'seattle-temperatures-2014': scenario('seattle-temperatures-2014', 'Seattle monthly high and low temperatures in 2014 as a line chart.', [
    ...recipeTurns('data', 'meteo seattle temperature', 'seattle-weather-dashboard', 'Je cherche une recette sur la météo de Seattle.'),
    callsTurn([sql(MONTHLY_TEMPS(2014))]),
    widgetsTurn([
      chart('line', 'Seattle en 2014 : températures moyennes par mois', column('month'), [
        ['Maximale', column('t_max')],
        ['Minimale', column('t_min')],
      ], {yAxisTitle: '°C'}),
    ]),
    answerTurn('Voici les températures maximales et minimales moyennes de Seattle, mois par mois, en 2014.'),
  ]),

  'seattle-hottest-day': scenario('seattle-hottest-day', 'the hottest temperature of the Seattle data as a stat card.', [
    ...recipeTurns('data', 'seattle weather temperature', 'seattle-weather-dashboard'),
    callsTurn([sql('SELECT max(temp_max) AS hottest FROM seattle_weather')]),
    widgetsTurn([widget('stat-card', {label: 'Hottest temperature recorded in Seattle', value: value('hottest'), unit: '°C', variant: 'warning'})]),
    answerTurn('The card shows the highest daily maximum temperature of the Seattle weather data.'),
  ]),

  'seattle-weather-types': scenario('seattle-weather-types', 'the share of Seattle days by weather as a pie chart.', [
    ...recipeTurns('data', 'meteo seattle weather', 'seattle-weather-dashboard', 'Je regarde d’abord la recette météo de Seattle.'),
    callsTurn([sql('SELECT weather, count(*) AS days FROM seattle_weather GROUP BY weather ORDER BY days DESC')]),
    widgetsTurn([chart('pie', 'Seattle : jours par type de temps', column('weather'), [['Jours', column('days')]])]),
    answerTurn('Voici la répartition des jours à Seattle selon le temps : soleil, pluie, brouillard, bruine et neige.'),
  ]),

  'seattle-dashboard-2013': scenario('seattle-dashboard-2013', 'a Seattle 2013 weather dashboard: four stat cards and a line chart.', [
    ...recipeTurns('data', 'seattle weather dashboard', 'seattle-weather-dashboard', 'I’ll follow the Seattle weather dashboard recipe.'),
    callsTurn(
      [
        sql(
          "SELECT round(avg(temp_max), 1) AS avg_max, max(temp_max) AS hottest, round(sum(precipitation), 1) AS rain_mm, sum(weather = 'sun') AS sunny_days FROM seattle_weather WHERE date LIKE '2013-%'",
        ),
        sql(MONTHLY_TEMPS(2013)),
      ],
      'Two queries: the yearly figures and the monthly temperatures.',
    ),
    widgetsTurn([
      widget('stat-card', {label: 'Average high, 2013', value: value('avg_max'), unit: '°C'}),
      widget('stat-card', {label: 'Hottest day, 2013', value: value('hottest'), unit: '°C'}),
      widget('stat-card', {label: 'Rain, 2013', value: value('rain_mm'), unit: 'mm'}),
      widget('stat-card', {label: 'Sunny days, 2013', value: value('sunny_days')}),
      chart('line', 'Seattle 2013, monthly temperatures', column('month', 1), [
        ['High', column('t_max', 1)],
        ['Low', column('t_min', 1)],
      ], {yAxisTitle: '°C'}),
    ]),
    answerTurn('Here is Seattle’s weather in 2013: the key figures of the year and the average monthly highs and lows.'),
  ]),

  // ------------------------------------------------------------ Data: airports
  'airports-texas-count': scenario('airports-texas-count', 'the number of airports in Texas as a stat card.', [
    callsTurn([sql("SELECT count(*) AS airports FROM airports WHERE state = 'TX'")], 'Je compte les aéroports du Texas.'),
    widgetsTurn([widget('stat-card', {label: 'Aéroports au Texas', value: value('airports')})]),
    answerTurn('Voici le nombre d’aéroports recensés au Texas dans les données de la FAA.'),
  ]),

  'airports-hawaii-map': scenario('airports-hawaii-map', 'the airports of Hawaii on a map.', [
    ...recipeTurns('data', 'airports map', 'airports-map', 'Let me find a recipe for airports on a map.'),
    callsTurn([sql("SELECT iata, name, city, latitude, longitude FROM airports WHERE state = 'HI' ORDER BY name")]),
    widgetsTurn([markerMap('Airports of Hawaii', 'latitude', 'longitude', '{iata} — {name} ({city})')]),
    answerTurn('Here are the airports of Hawaii on the map; click a marker for its name.'),
  ]),

  'airports-top-states': scenario('airports-top-states', 'the 10 states with the most airports as a sorted bar chart.', [
    ...recipeTurns('data', 'top states airports', 'table-explorer'),
    callsTurn([sql('SELECT state, count(*) AS airports FROM airports GROUP BY state ORDER BY airports DESC LIMIT 10')]),
    widgetsTurn([chart('bar', 'Les 10 États qui comptent le plus d’aéroports', column('state'), [['Aéroports', column('airports')]])]),
    answerTurn('Voici les 10 États américains qui comptent le plus d’aéroports, du plus grand nombre au plus petit.'),
  ]),

  'airports-connecticut-table': scenario('airports-connecticut-table', 'the airports of Connecticut in a table.', [
    ...recipeTurns('data', 'airports table list', 'table-explorer'),
    callsTurn([sql("SELECT iata, name, city FROM airports WHERE state = 'CT' ORDER BY name")]),
    widgetsTurn([table('Airports of Connecticut', [['iata', 'IATA'], ['name', 'Airport'], ['city', 'City']])]),
    answerTurn('Here are the airports of Connecticut with the city each one serves.'),
  ]),

  // ------------------------------------------------------------ Data: gapminder
  'life-expectancy-top10': scenario('life-expectancy-top10', 'the 10 highest life expectancies of 2005 as a sorted bar chart.', [
    ...recipeTurns('data', 'life expectancy countries', 'country-comparison', 'I’ll check the recipe for comparing countries.'),
    callsTurn([sql('SELECT country, life_expect FROM gapminder WHERE year = 2005 ORDER BY life_expect DESC LIMIT 10')]),
    widgetsTurn([chart('bar', 'Highest life expectancy in 2005', column('country'), [['Life expectancy (years)', column('life_expect')]], {yAxisTitle: 'years'})]),
    answerTurn('These are the 10 countries with the highest life expectancy in 2005, highest first.'),
  ]),

  'life-expectancy-france-japan': scenario('life-expectancy-france-japan', 'life expectancy in France and Japan since 1955 as a line chart.', [
    ...recipeTurns('data', 'comparaison pays esperance de vie', 'country-comparison'),
    callsTurn([
      sql("SELECT year, life_expect FROM gapminder WHERE country = 'France' ORDER BY year"),
      sql("SELECT year, life_expect FROM gapminder WHERE country = 'Japan' ORDER BY year"),
    ]),
    widgetsTurn([
      chart('line', 'Espérance de vie depuis 1955', column('year', 0), [
        ['France', column('life_expect', 0)],
        ['Japon', column('life_expect', 1)],
      ], {yAxisTitle: 'années'}),
    ]),
    answerTurn('Voici l’évolution de l’espérance de vie à la naissance en France et au Japon, tous les cinq ans depuis 1955.'),
  ]),

  'fertility-1955-2005': scenario('fertility-1955-2005', 'fertility in 1955 and 2005 of five countries as grouped bars.', [
    ...recipeTurns('data', 'compare countries fertility', 'country-comparison'),
    callsTurn([
      sql(
        "SELECT country, max(CASE WHEN year = 1955 THEN fertility END) AS fertility_1955, max(CASE WHEN year = 2005 THEN fertility END) AS fertility_2005 FROM gapminder WHERE country IN ('Brazil', 'China', 'India', 'Japan', 'United States') GROUP BY country ORDER BY country",
      ),
    ]),
    widgetsTurn([
      chart('bar', 'Children per woman, 1955 and 2005', column('country'), [
        ['1955', column('fertility_1955')],
        ['2005', column('fertility_2005')],
      ], {yAxisTitle: 'children per woman'}),
    ]),
    answerTurn('The chart compares the number of children per woman in 1955 and in 2005 for the five countries.'),
  ]),

  'fertility-top10-table': scenario('fertility-top10-table', 'the 10 highest fertility rates of 2005 in a table.', [
    ...recipeTurns('data', 'pays comparaison', 'country-comparison'),
    callsTurn([sql('SELECT country, fertility FROM gapminder WHERE year = 2005 ORDER BY fertility DESC LIMIT 10')]),
    widgetsTurn([table('Enfants par femme en 2005 : les 10 premiers pays', [['country', 'Pays'], ['fertility', 'Enfants par femme', 'number']])]),
    answerTurn('Voici les 10 pays où les femmes avaient le plus d’enfants en 2005, du plus élevé au moins élevé.'),
  ]),

  // ------------------------------------------------------------ Data: stocks
  'stocks-yearly-average': scenario('stocks-yearly-average', 'yearly average prices of AAPL, MSFT and IBM as a line chart.', [
    ...recipeTurns('data', 'stock prices apple microsoft ibm', 'stock-prices', 'Let me read the stock prices recipe.'),
    callsTurn([
      sql(
        "SELECT substr(date, 1, 4) AS year, round(avg(CASE WHEN symbol = 'AAPL' THEN price END), 2) AS aapl, round(avg(CASE WHEN symbol = 'MSFT' THEN price END), 2) AS msft, round(avg(CASE WHEN symbol = 'IBM' THEN price END), 2) AS ibm FROM stocks GROUP BY year ORDER BY year",
      ),
    ]),
    widgetsTurn([
      chart('line', 'Average yearly stock price', column('year'), [
        ['Apple (AAPL)', column('aapl')],
        ['Microsoft (MSFT)', column('msft')],
        ['IBM', column('ibm')],
      ], {yAxisTitle: 'USD'}),
    ]),
    answerTurn('Here are the yearly average prices of Apple, Microsoft and IBM shares from 2000 to 2010.'),
  ]),

  'stocks-amazon-peak': scenario('stocks-amazon-peak', 'the highest Amazon closing price as a stat card.', [
    ...recipeTurns('data', 'bourse amazon prix', 'stock-prices'),
    callsTurn([sql("SELECT max(price) AS peak FROM stocks WHERE symbol = 'AMZN'")]),
    widgetsTurn([widget('stat-card', {label: 'Cours de clôture mensuel le plus haut d’Amazon (AMZN)', value: value('peak'), unit: 'USD', caption: 'De 2000 à 2010'})]),
    answerTurn('Voici le cours de clôture mensuel le plus élevé de l’action Amazon entre 2000 et 2010.'),
  ]),

  // ------------------------------------------------------------ Data: cars
  'cars-power-economy-europe': scenario('cars-power-economy-europe', 'horsepower against miles per gallon of European cars as a scatter chart.', [
    ...recipeTurns('data', 'cars horsepower fuel economy', 'cars-scatter', 'There is a recipe for cars’ power against fuel economy.'),
    callsTurn([sql("SELECT horsepower, miles_per_gallon FROM cars WHERE origin = 'Europe' AND horsepower IS NOT NULL AND miles_per_gallon IS NOT NULL")]),
    widgetsTurn([
      widget('chart', {
        type: 'scatter',
        title: 'European cars: horsepower vs fuel economy',
        datasets: [{label: 'Europe', data: rows({x: 'horsepower', y: 'miles_per_gallon'})}],
        xAxisTitle: 'horsepower',
        yAxisTitle: 'miles per gallon',
      }),
    ]),
    answerTurn('Each point is a European car: the more horsepower, the fewer miles per gallon, so the more powerful cars use more fuel.'),
  ]),

  'cars-mpg-by-origin': scenario('cars-mpg-by-origin', 'average miles per gallon by origin as a bar chart.', [
    ...recipeTurns('data', 'voiture consommation', 'cars-scatter'),
    callsTurn([sql('SELECT origin, round(avg(miles_per_gallon), 1) AS mpg FROM cars GROUP BY origin ORDER BY origin')]),
    widgetsTurn([chart('bar', 'Consommation moyenne selon l’origine', column('origin'), [['Miles par gallon', column('mpg')]], {yAxisTitle: 'miles par gallon'})]),
    answerTurn('Voici la consommation moyenne des voitures selon leur origine : plus il y a de miles par gallon, moins la voiture consomme.'),
  ]),

  // ------------------------------------------------------------ Data: CO2, US population
  'co2-yearly-trend': scenario('co2-yearly-trend', 'the yearly average CO2 at Mauna Loa as a line chart.', [
    ...recipeTurns('data', 'co2 trend', 'co2-trend', 'I’ll use the CO2 trend recipe.'),
    callsTurn([sql("SELECT substr(date, 1, 4) AS year, round(avg(co2), 1) AS co2 FROM co2 WHERE date BETWEEN '1959' AND '2020' GROUP BY year ORDER BY year")]),
    widgetsTurn([chart('line', 'CO2 at Mauna Loa, yearly average', column('year'), [['CO2 (ppm)', column('co2')]], {yAxisTitle: 'ppm'})]),
    answerTurn('CO2 at Mauna Loa has risen every year since 1958; the chart shows the yearly averages.'),
  ]),

  'co2-latest': scenario('co2-latest', 'the latest CO2 measurement as a stat card.', [
    ...recipeTurns('data', 'co2 mauna loa', 'co2-trend'),
    callsTurn([sql('SELECT date, co2 FROM co2 ORDER BY date DESC LIMIT 1')]),
    widgetsTurn([widget('stat-card', {label: 'CO2 à Mauna Loa, dernière mesure', value: value('co2'), unit: 'ppm', caption: value('date')})]),
    answerTurn('Voici la dernière concentration mensuelle de CO2 mesurée à Mauna Loa, avec le mois de la mesure.'),
  ]),

  'us-population-by-age-2000': scenario('us-population-by-age-2000', 'the US population of 2000 by age group and sex as grouped bars.', [
    callsTurn(
      [
        sql(
          "SELECT age, sum(CASE WHEN sex = 'male' THEN people END) AS male, sum(CASE WHEN sex = 'female' THEN people END) AS female FROM us_population WHERE year = 2000 GROUP BY age ORDER BY age",
        ),
      ],
      'J’interroge la table us_population pour l’an 2000.',
    ),
    widgetsTurn([
      chart('bar', 'Population des États-Unis en 2000 par tranche d’âge', column('age'), [
        ['Hommes', column('male')],
        ['Femmes', column('female')],
      ], {xAxisTitle: 'âge (début de la tranche de cinq ans)', yAxisTitle: 'personnes'}),
    ]),
    answerTurn('Voici la population des États-Unis en 2000 par tranche d’âge de cinq ans, hommes et femmes côte à côte.'),
  ]),

  // ------------------------------------------------------------ Atlas: cities
  'japan-cities-map': scenario('japan-cities-map', 'the 10 largest cities of Japan on a map.', [
    ...recipeTurns('atlas', '', 'largest-cities-map', 'I’ll check the Atlas server’s recipes.'),
    callsTurn([atlas('cities_of_country', {country: 'Japan', limit: 10})]),
    widgetsTurn([markerMap('Largest cities of Japan', 'lat', 'lng', '{name} — {population}', 0, 'cities')]),
    answerTurn('Here are the 10 largest cities of Japan on the map; each marker gives the city’s population.'),
  ]),

  'africa-largest-cities-map': scenario('africa-largest-cities-map', 'the 15 largest cities of Africa on a map.', [
    ...recipeTurns('atlas', '', 'world-largest-cities'),
    callsTurn([atlas('largest_cities', {region: 'Africa', limit: 15})]),
    widgetsTurn([markerMap('Largest cities of Africa', 'lat', 'lng', '{name}, {country} — {population}', 0, 'cities')]),
    answerTurn('Here are the 15 largest cities of Africa on the map, each marker with its country and population.'),
  ]),

  'world-largest-cities': scenario('world-largest-cities', 'the 10 largest cities of the world in a table.', [
    ...recipeTurns('atlas', '', 'world-largest-cities', 'Let me look at the Atlas recipes.'),
    callsTurn([atlas('largest_cities', {limit: 10})]),
    widgetsTurn([table('Largest cities of the world', [['name', 'City'], ['country', 'Country'], ['population', 'Population', 'number']], 0, 'cities')]),
    answerTurn('These are the 10 most populous cities of the world by GeoNames population, largest first.'),
  ]),

  'asia-largest-cities-chart': scenario('asia-largest-cities-chart', 'the 10 largest cities of Asia as a sorted bar chart.', [
    ...recipeTurns('atlas', '', 'world-largest-cities'),
    callsTurn([atlas('largest_cities', {region: 'Asia', limit: 10})]),
    widgetsTurn([chart('bar', 'Les 10 plus grandes villes d’Asie', column('name', 0, 'cities'), [['Population', column('population', 0, 'cities')]])]),
    answerTurn('Voici les 10 villes les plus peuplées d’Asie, de la plus grande à la plus petite.'),
  ]),

  'mexico-cities-table': scenario('mexico-cities-table', 'the 15 largest cities of Mexico in a table.', [
    ...recipeTurns('atlas', '', 'largest-cities-map'),
    callsTurn([atlas('cities_of_country', {country: 'Mexico', limit: 15})]),
    widgetsTurn([table('Les 15 plus grandes villes du Mexique', [['name', 'Ville'], ['population', 'Population', 'number']], 0, 'cities')]),
    answerTurn('Voici les 15 villes les plus peuplées du Mexique avec leur population.'),
  ]),

  // ------------------------------------------------------------ Atlas: regions
  'south-america-population': scenario('south-america-population', 'the city population of South American countries as a sorted bar chart.', [
    ...recipeTurns('atlas', '', 'region-population-chart'),
    callsTurn([atlas('region_population', {region: 'South America'})]),
    widgetsTurn([
      chart('bar', 'South America: people living in cities and towns, top 10', top10(column('country', 0, 'countries')), [
        ['Population in cities and towns', top10(column('city_population', 0, 'countries'))],
      ]),
    ]),
    answerTurn('Brazil leads by far. The figures count the people of cities and towns listed by GeoNames, not census totals.'),
  ]),

  // ------------------------------------------------------------ Atlas: countries
  'kenya-profile': scenario('kenya-profile', 'the key facts of Kenya in a kv card.', [
    ...recipeTurns('atlas', '', 'country-profile', 'I’ll use the country profile recipe.'),
    callsTurn([atlas('country_info', {country: 'Kenya'})]),
    widgetsTurn([countryCard('Kenya', KV_EN)]),
    answerTurn('Here are the key facts about Kenya: its capital, region, area and more.'),
  ]),

  'france-profile': scenario('france-profile', 'the profile of France in a kv card.', [
    ...recipeTurns('atlas', '', 'country-profile'),
    callsTurn([atlas('country_info', {country: 'France'})]),
    widgetsTurn([countryCard('France', KV_FR)]),
    answerTurn('Voici la fiche de la France : capitale, région, superficie et quelques autres faits.'),
  ]),

  'canada-area': scenario('canada-area', 'the area of Canada as a stat card.', [
    ...recipeTurns('atlas', '', 'country-profile'),
    callsTurn([atlas('country_info', {country: 'Canada'})]),
    widgetsTurn([widget('stat-card', {label: 'Superficie du Canada', value: value('area_km2', 0, '.'), unit: 'km²'})]),
    answerTurn('Voici la superficie du Canada, en kilomètres carrés.'),
  ]),

  'germany-neighbours': scenario('germany-neighbours', 'the neighbours of Germany in a table.', [
    ...recipeTurns('atlas', '', 'neighbours-table', 'Let me read the neighbours recipe.'),
    callsTurn([atlas('neighbours', {country: 'Germany'})]),
    widgetsTurn([
      table('Countries bordering Germany', [['name', 'Country'], ['capital', 'Capital'], ['area_km2', 'Area (km²)', 'number']], 0, 'neighbours'),
    ]),
    answerTurn('These are the countries that share a land border with Germany, with their capitals.'),
  ]),

  'brazil-neighbours': scenario('brazil-neighbours', 'the neighbours of Brazil in a table.', [
    ...recipeTurns('atlas', '', 'neighbours-table'),
    callsTurn([atlas('neighbours', {country: 'Brazil'})]),
    widgetsTurn([
      table('Pays voisins du Brésil', [['name', 'Pays'], ['capital', 'Capitale'], ['area_km2', 'Superficie (km²)', 'number']], 0, 'neighbours'),
    ]),
    answerTurn('Voici les pays qui partagent une frontière terrestre avec le Brésil, avec leur capitale.'),
  ]),

  'italy-dashboard': scenario('italy-dashboard', 'a dashboard of Italy: its profile in a kv card and its 10 largest cities on a map.', [
    ...recipeTurns('atlas', '', 'country-profile', 'Je consulte les recettes du serveur Atlas.'),
    callsTurn([atlas('country_info', {country: 'Italy'}), atlas('cities_of_country', {country: 'Italy', limit: 10})]),
    widgetsTurn([countryCard('Italie', KV_FR, 0), markerMap('Les 10 plus grandes villes d’Italie', 'lat', 'lng', '{name} — {population}', 1, 'cities')]),
    answerTurn('Voici la fiche de l’Italie et ses 10 plus grandes villes sur la carte.'),
  ]),
};
