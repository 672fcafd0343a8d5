/**
 * The evaluation's questions: what a visitor of the demo page would ask the two demo servers
 * (Data: SQL over public datasets; Atlas: countries and cities), half in English, half in French.
 * Each question names the tool calls whose results are the ground truth (the runner makes them
 * itself, straight to the server, before the model runs) and says what a correct canvas shows:
 * which widgets, which chart (after VisEval: the chart types that answer it, its labels and
 * series taken from the truth, ordered when the question asks for a sort or the x axis is
 * time), and which truth values must appear.
 *
 * Every truth result stays well under 8,000 characters of JSON (the element shortens tool
 * results above 10,000 for the model), and aggregates are rounded in SQL so figures are stable.
 */

const MAX_TOKENS = 120000;
/**
 * Turns a question may take: the recipe search and the recipe, a look at the table, the data,
 * the widgets and the answer, with one to spare; dashboards have two more.
 */
const TURNS = 8;
const DASHBOARD_TURNS = 10;

/** A single figure: either stat widget answers. */
const STAT = ['stat-card', 'stat'];
/** Facts about one thing: key-value pairs or a profile card. */
const PROFILE = ['kv', 'profile'];
/** A list of names, when the question does not ask for a table. */
const LISTING = ['table', 'list', 'tags', 'cards'];

/**
 * A truth call to the Data server's `query_sql`.
 * @param {string} query
 * @returns {import('./types.mjs').TruthCall}
 */
const sql = (query) => ({server: 'data', tool: 'query_sql', args: {sql: query}});

/**
 * A truth call to one of the Atlas server's tools; `rows` is where its rows are.
 * @param {string} tool
 * @param {Record<string, unknown>} args
 * @param {string} rows
 * @returns {import('./types.mjs').TruthCall}
 */
const atlas = (tool, args, rows) => ({server: 'atlas', tool, args, rows});

/** @type {import('./types.mjs').EvalQuestion[]} */
export const QUESTIONS = [
  // ---------------------------------------------------------------- Data: Seattle weather
  {
    id: 'seattle-rain-2015',
    lang: 'en',
    question: 'How much rain fell in Seattle each month of 2015? Show it as a chart.',
    truth: {
      rain: sql("SELECT substr(date, 1, 7) AS month, round(sum(precipitation), 1) AS rain_mm FROM seattle_weather WHERE date LIKE '2015-%' GROUP BY month ORDER BY month"),
    },
    expect: {
      widgets: ['chart'],
      chart: {types: ['bar', 'line', 'area'], labels: 'rain.month', series: ['rain.rain_mm'], ordered: true},
      maxTurns: TURNS,
      maxTokens: MAX_TOKENS,
    },
  },
  {
    id: 'seattle-temperatures-2014',
    lang: 'fr',
    question: 'Montre-moi l’évolution des températures maximales et minimales moyennes à Seattle, mois par mois, en 2014.',
    truth: {
      temps: sql(
        "SELECT substr(date, 1, 7) AS month, round(avg(temp_max), 1) AS t_max, round(avg(temp_min), 1) AS t_min FROM seattle_weather WHERE date LIKE '2014-%' GROUP BY month ORDER BY month",
      ),
    },
    expect: {
      widgets: ['chart'],
      chart: {types: ['line', 'area', 'bar'], labels: 'temps.month', series: ['temps.t_max', 'temps.t_min'], ordered: true},
      maxTurns: TURNS,
      maxTokens: MAX_TOKENS,
    },
  },
  {
    id: 'seattle-hottest-day',
    lang: 'en',
    question: 'What is the hottest temperature ever recorded in Seattle in the weather data?',
    truth: {
      hottest: sql('SELECT max(temp_max) AS hottest FROM seattle_weather'),
    },
    expect: {widgets: [STAT], shows: ['hottest.hottest'], maxTurns: TURNS, maxTokens: MAX_TOKENS},
  },
  {
    id: 'seattle-weather-types',
    lang: 'fr',
    question: 'Quelle est la répartition des jours à Seattle selon le temps qu’il fait (soleil, pluie, bruine, neige, brouillard) ?',
    truth: {
      kinds: sql('SELECT weather, count(*) AS days FROM seattle_weather GROUP BY weather ORDER BY days DESC'),
    },
    expect: {
      widgets: ['chart'],
      chart: {types: ['pie', 'doughnut', 'bar', 'polarArea'], labels: 'kinds.weather', series: ['kinds.days']},
      maxTurns: TURNS,
      maxTokens: MAX_TOKENS,
    },
  },
  {
    id: 'seattle-dashboard-2013',
    lang: 'en',
    question: 'Give me a dashboard of the weather in Seattle in 2013: the average high, the hottest day, the number of sunny days, and the monthly temperatures.',
    truth: {
      year: sql(
        "SELECT round(avg(temp_max), 1) AS avg_max, max(temp_max) AS hottest, round(sum(precipitation), 1) AS rain_mm, sum(weather = 'sun') AS sunny_days FROM seattle_weather WHERE date LIKE '2013-%'",
      ),
      monthly: sql(
        "SELECT substr(date, 1, 7) AS month, round(avg(temp_max), 1) AS t_max, round(avg(temp_min), 1) AS t_min FROM seattle_weather WHERE date LIKE '2013-%' GROUP BY month ORDER BY month",
      ),
    },
    expect: {
      widgets: [STAT, 'chart'],
      chart: {types: ['line', 'area', 'bar'], labels: 'monthly.month', series: ['monthly.t_max', 'monthly.t_min'], ordered: true},
      shows: ['year.avg_max', 'year.hottest', 'year.sunny_days'],
      maxTurns: DASHBOARD_TURNS,
      maxTokens: MAX_TOKENS,
    },
  },

  // ---------------------------------------------------------------- Data: airports
  {
    id: 'airports-texas-count',
    lang: 'fr',
    question: 'Combien y a-t-il d’aéroports au Texas ?',
    truth: {
      count: sql("SELECT count(*) AS airports FROM airports WHERE state = 'TX'"),
    },
    expect: {widgets: [STAT], shows: ['count.airports'], maxTurns: TURNS, maxTokens: MAX_TOKENS},
  },
  {
    id: 'airports-hawaii-map',
    lang: 'en',
    question: 'Show me the airports of Hawaii on a map.',
    truth: {
      airports: sql("SELECT iata, name, city, latitude, longitude FROM airports WHERE state = 'HI' ORDER BY name"),
    },
    expect: {widgets: ['map'], markers: {lat: 'airports.latitude', lng: 'airports.longitude'}, items: 'airports', maxTurns: TURNS, maxTokens: MAX_TOKENS},
  },
  {
    id: 'airports-top-states',
    lang: 'fr',
    question: 'Quels sont les 10 États américains qui comptent le plus d’aéroports ? Fais-en un graphique, du plus grand au plus petit.',
    truth: {
      states: sql('SELECT state, count(*) AS airports FROM airports GROUP BY state ORDER BY airports DESC LIMIT 10'),
    },
    expect: {
      widgets: ['chart'],
      chart: {types: ['bar'], labels: 'states.state', series: ['states.airports'], ordered: true},
      maxTurns: TURNS,
      maxTokens: MAX_TOKENS,
    },
  },
  {
    id: 'airports-connecticut-table',
    lang: 'en',
    question: 'List the airports of Connecticut in a table, with their city.',
    truth: {
      airports: sql("SELECT iata, name, city FROM airports WHERE state = 'CT' ORDER BY name"),
    },
    expect: {widgets: ['table'], shows: ['airports.name', 'airports.city'], items: 'airports', maxTurns: TURNS, maxTokens: MAX_TOKENS},
  },

  // ---------------------------------------------------------------- Data: gapminder
  {
    id: 'life-expectancy-top10',
    lang: 'en',
    question: 'Which 10 countries had the highest life expectancy in 2005? Rank them in a chart.',
    truth: {
      top: sql('SELECT country, life_expect FROM gapminder WHERE year = 2005 ORDER BY life_expect DESC LIMIT 10'),
    },
    expect: {
      widgets: ['chart'],
      chart: {types: ['bar'], labels: 'top.country', series: ['top.life_expect'], ordered: true},
      maxTurns: TURNS,
      maxTokens: MAX_TOKENS,
    },
  },
  {
    id: 'life-expectancy-france-japan',
    lang: 'fr',
    question: 'Compare l’évolution de l’espérance de vie en France et au Japon depuis 1955.',
    truth: {
      france: sql("SELECT year, life_expect FROM gapminder WHERE country = 'France' ORDER BY year"),
      japan: sql("SELECT year, life_expect FROM gapminder WHERE country = 'Japan' ORDER BY year"),
    },
    expect: {
      widgets: ['chart'],
      chart: {types: ['line', 'area', 'bar'], labels: 'france.year', series: ['france.life_expect', 'japan.life_expect'], ordered: true},
      maxTurns: TURNS,
      maxTokens: MAX_TOKENS,
    },
  },
  {
    id: 'fertility-1955-2005',
    lang: 'en',
    question: 'Compare the number of children per woman in 1955 and in 2005 for Brazil, China, India, Japan and the United States, side by side.',
    truth: {
      fertility: sql(
        "SELECT country, max(CASE WHEN year = 1955 THEN fertility END) AS fertility_1955, max(CASE WHEN year = 2005 THEN fertility END) AS fertility_2005 FROM gapminder WHERE country IN ('Brazil', 'China', 'India', 'Japan', 'United States') GROUP BY country ORDER BY country",
      ),
    },
    expect: {
      widgets: ['chart'],
      chart: {types: ['bar'], labels: 'fertility.country', series: ['fertility.fertility_1955', 'fertility.fertility_2005']},
      maxTurns: TURNS,
      maxTokens: MAX_TOKENS,
    },
  },
  {
    id: 'fertility-top10-table',
    lang: 'fr',
    question: 'Quels pays avaient le plus d’enfants par femme en 2005 ? Donne-moi les 10 premiers dans un tableau.',
    truth: {
      top: sql('SELECT country, fertility FROM gapminder WHERE year = 2005 ORDER BY fertility DESC LIMIT 10'),
    },
    expect: {widgets: ['table'], shows: ['top.country', 'top.fertility'], items: 'top', maxTurns: TURNS, maxTokens: MAX_TOKENS},
  },

  // ---------------------------------------------------------------- Data: stocks
  {
    id: 'stocks-yearly-average',
    lang: 'en',
    question: 'Plot the average yearly stock price of Apple, Microsoft and IBM from 2000 to 2010.',
    truth: {
      prices: sql(
        "SELECT substr(date, 1, 4) AS year, round(avg(CASE WHEN symbol = 'AAPL' THEN price END), 2) AS aapl, round(avg(CASE WHEN symbol = 'MSFT' THEN price END), 2) AS msft, round(avg(CASE WHEN symbol = 'IBM' THEN price END), 2) AS ibm FROM stocks GROUP BY year ORDER BY year",
      ),
    },
    expect: {
      widgets: ['chart'],
      chart: {types: ['line', 'area', 'bar'], labels: 'prices.year', series: ['prices.aapl', 'prices.msft', 'prices.ibm'], ordered: true},
      maxTurns: TURNS,
      maxTokens: MAX_TOKENS,
    },
  },
  {
    id: 'stocks-amazon-peak',
    lang: 'fr',
    question: 'Quel a été le cours le plus haut de l’action Amazon entre 2000 et 2010 ?',
    truth: {
      peak: sql("SELECT max(price) AS peak FROM stocks WHERE symbol = 'AMZN'"),
    },
    expect: {widgets: [STAT], shows: ['peak.peak'], maxTurns: TURNS, maxTokens: MAX_TOKENS},
  },

  // ---------------------------------------------------------------- Data: cars
  {
    id: 'cars-power-economy-europe',
    lang: 'en',
    question: 'For European cars, is there a relation between horsepower and fuel economy? Plot one against the other.',
    truth: {
      cars: sql("SELECT horsepower, miles_per_gallon FROM cars WHERE origin = 'Europe' AND horsepower IS NOT NULL AND miles_per_gallon IS NOT NULL"),
    },
    expect: {
      widgets: ['chart'],
      chart: {types: ['scatter', 'bubble'], points: {x: 'cars.horsepower', y: 'cars.miles_per_gallon'}},
      maxTurns: TURNS,
      maxTokens: MAX_TOKENS,
    },
  },
  {
    id: 'cars-mpg-by-origin',
    lang: 'fr',
    question: 'Quelle est la consommation moyenne des voitures (en miles par gallon) selon leur origine : États-Unis, Europe, Japon ? Montre-le en barres.',
    truth: {
      mpg: sql('SELECT origin, round(avg(miles_per_gallon), 1) AS mpg FROM cars GROUP BY origin ORDER BY origin'),
    },
    expect: {
      widgets: ['chart'],
      chart: {types: ['bar'], labels: 'mpg.origin', series: ['mpg.mpg']},
      maxTurns: TURNS,
      maxTokens: MAX_TOKENS,
    },
  },

  // ---------------------------------------------------------------- Data: CO2, US population
  {
    id: 'co2-yearly-trend',
    lang: 'en',
    question: 'How did the CO2 in the atmosphere change from 1959 to 2019? Show the yearly average.',
    truth: {
      // Whole years only: the series starts in March 1958 and ends in April 2020.
      co2: sql("SELECT substr(date, 1, 4) AS year, round(avg(co2), 1) AS co2 FROM co2 WHERE date BETWEEN '1959' AND '2020' GROUP BY year ORDER BY year"),
    },
    expect: {
      widgets: ['chart'],
      chart: {types: ['line', 'area', 'bar'], labels: 'co2.year', series: ['co2.co2'], ordered: true},
      maxTurns: TURNS,
      maxTokens: MAX_TOKENS,
    },
  },
  {
    id: 'co2-latest',
    lang: 'fr',
    question: 'Quelle est la dernière mesure de CO2 à Mauna Loa ?',
    truth: {
      latest: sql('SELECT date, co2 FROM co2 ORDER BY date DESC LIMIT 1'),
      // The Data server's co2-trend recipe shows the latest year's average as its stat card.
      latestYear: sql('SELECT substr(date, 1, 4) AS year, round(avg(co2), 1) AS co2 FROM co2 GROUP BY year ORDER BY year DESC LIMIT 1'),
    },
    expect: {widgets: [STAT], shows: [['latest.co2', 'latestYear.co2']], maxTurns: TURNS, maxTokens: MAX_TOKENS},
  },
  {
    id: 'us-population-by-age-2000',
    lang: 'fr',
    question: 'Montre la population des États-Unis en 2000 par tranche d’âge, hommes et femmes côte à côte.',
    truth: {
      ages: sql(
        "SELECT age, sum(CASE WHEN sex = 'male' THEN people END) AS male, sum(CASE WHEN sex = 'female' THEN people END) AS female FROM us_population WHERE year = 2000 GROUP BY age ORDER BY age",
      ),
    },
    expect: {
      widgets: ['chart'],
      chart: {types: ['bar'], labels: 'ages.age', series: ['ages.male', 'ages.female']},
      maxTurns: TURNS,
      maxTokens: MAX_TOKENS,
    },
  },

  // ---------------------------------------------------------------- Atlas: cities
  {
    id: 'japan-cities-map',
    lang: 'en',
    question: 'Show me the 10 largest cities of Japan on a map.',
    truth: {
      cities: atlas('cities_of_country', {country: 'Japan', limit: 10}, 'cities'),
    },
    expect: {widgets: ['map'], markers: {lat: 'cities.lat', lng: 'cities.lng'}, items: 'cities', maxTurns: TURNS, maxTokens: MAX_TOKENS},
  },
  {
    id: 'africa-largest-cities-map',
    lang: 'en',
    question: 'Where are the 15 largest cities of Africa? Put them on a map.',
    truth: {
      cities: atlas('largest_cities', {region: 'Africa', limit: 15}, 'cities'),
    },
    expect: {widgets: ['map'], markers: {lat: 'cities.lat', lng: 'cities.lng'}, items: 'cities', maxTurns: TURNS, maxTokens: MAX_TOKENS},
  },
  {
    id: 'world-largest-cities',
    lang: 'en',
    question: 'What are the 10 largest cities in the world?',
    truth: {
      cities: atlas('largest_cities', {limit: 10}, 'cities'),
    },
    expect: {widgets: [[...LISTING, 'chart', 'map']], shows: ['cities.name'], items: 'cities', maxTurns: TURNS, maxTokens: MAX_TOKENS},
  },
  {
    id: 'asia-largest-cities-chart',
    lang: 'fr',
    question: 'Fais un graphique en barres des 10 plus grandes villes d’Asie, de la plus peuplée à la moins peuplée.',
    truth: {
      cities: atlas('largest_cities', {region: 'Asia', limit: 10}, 'cities'),
    },
    expect: {
      widgets: ['chart'],
      chart: {types: ['bar'], labels: 'cities.name', series: ['cities.population'], ordered: true},
      maxTurns: TURNS,
      maxTokens: MAX_TOKENS,
    },
  },
  {
    id: 'mexico-cities-table',
    lang: 'fr',
    question: 'Quelles sont les 15 plus grandes villes du Mexique ? Présente-les dans un tableau avec leur population.',
    truth: {
      cities: atlas('cities_of_country', {country: 'Mexico', limit: 15}, 'cities'),
    },
    expect: {widgets: ['table'], shows: ['cities.name', 'cities.population'], items: 'cities', maxTurns: TURNS, maxTokens: MAX_TOKENS},
  },

  // ---------------------------------------------------------------- Atlas: regions
  {
    id: 'south-america-population',
    lang: 'en',
    question: 'Which 10 countries of South America have the most people living in cities and towns? Compare them in a bar chart, largest first.',
    truth: {
      countries: {...atlas('region_population', {region: 'South America'}, 'countries'), limit: 10},
    },
    expect: {
      widgets: ['chart'],
      chart: {types: ['bar'], labels: 'countries.country', series: ['countries.city_population'], ordered: true},
      maxTurns: TURNS,
      maxTokens: MAX_TOKENS,
    },
  },

  // ---------------------------------------------------------------- Atlas: countries
  {
    id: 'kenya-profile',
    lang: 'en',
    question: 'What are the key facts about Kenya?',
    truth: {
      info: atlas('country_info', {country: 'Kenya'}, '.'),
    },
    expect: {widgets: [PROFILE], shows: ['info.capital', ['info.region', 'info.subregion'], 'info.area_km2'], maxTurns: TURNS, maxTokens: MAX_TOKENS},
  },
  {
    id: 'france-profile',
    lang: 'fr',
    question: 'Fais-moi une fiche de présentation de la France : capitale, région, superficie.',
    truth: {
      info: atlas('country_info', {country: 'France'}, '.'),
    },
    expect: {widgets: [PROFILE], shows: ['info.capital', 'info.region', 'info.area_km2'], maxTurns: TURNS, maxTokens: MAX_TOKENS},
  },
  {
    id: 'canada-area',
    lang: 'fr',
    question: 'Quelle est la superficie du Canada ?',
    truth: {
      info: atlas('country_info', {country: 'Canada'}, '.'),
    },
    expect: {widgets: [STAT], shows: ['info.area_km2'], maxTurns: TURNS, maxTokens: MAX_TOKENS},
  },
  {
    id: 'germany-neighbours',
    lang: 'en',
    question: 'Which countries border Germany? Show them in a table with their capitals.',
    truth: {
      neighbours: atlas('neighbours', {country: 'Germany'}, 'neighbours'),
    },
    expect: {widgets: ['table'], shows: ['neighbours.name', 'neighbours.capital'], items: 'neighbours', maxTurns: TURNS, maxTokens: MAX_TOKENS},
  },
  {
    id: 'brazil-neighbours',
    lang: 'fr',
    question: 'Quels sont les pays voisins du Brésil ?',
    truth: {
      neighbours: atlas('neighbours', {country: 'Brazil'}, 'neighbours'),
    },
    expect: {widgets: [LISTING], shows: ['neighbours.name'], items: 'neighbours', maxTurns: TURNS, maxTokens: MAX_TOKENS},
  },
  {
    id: 'italy-dashboard',
    lang: 'fr',
    question: 'Fais-moi un tableau de bord sur l’Italie : sa fiche (capitale, superficie) et ses 10 plus grandes villes sur une carte.',
    truth: {
      info: atlas('country_info', {country: 'Italy'}, '.'),
      cities: atlas('cities_of_country', {country: 'Italy', limit: 10}, 'cities'),
    },
    expect: {
      widgets: [PROFILE, 'map'],
      shows: ['info.capital', 'info.area_km2'],
      markers: {lat: 'cities.lat', lng: 'cities.lng'},
      items: 'cities',
      maxTurns: DASHBOARD_TURNS,
      maxTokens: MAX_TOKENS,
    },
  },
];
