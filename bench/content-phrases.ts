// Phrase banks for the generated content set, one per locale. Real sentences in each language, so the
// Markdown, slugs and HTML escaping see the characters production content has (ä, é, ñ, ’ …); the
// generator recombines them, so the text reads plausibly but repeats.
import type { Locale } from '../pipeline/locale.ts';

export interface PhraseBank {
  /** Title patterns; `{topic}` is replaced. */
  titles: string[];
  topics: string[];
  headings: string[];
  sentences: string[];
  listItems: string[];
  linkTexts: string[];
  quotes: string[];
  notes: string[];
}

export const PHRASES: Record<Locale, PhraseBank> = {
  en: {
    titles: ['How to measure {topic} without cookies', 'Why {topic} matters for your website', 'A practical guide to {topic}', 'What we learned about {topic}', '{topic}: the complete overview', 'Five questions about {topic}'],
    topics: ['privacy-first analytics', 'bounce rate', 'page views', 'consent banners', 'the GDPR', 'referrers', 'UTM parameters', 'server-side tracking', 'data retention', 'conversion goals', 'ad blockers', 'visitor counts', 'events', 'dashboards', 'the ePrivacy directive'],
    headings: ['Why this matters', 'How it works', 'What the law says', 'A simple example', 'Common mistakes', 'Getting started', 'What we recommend', 'Frequently asked questions', 'The numbers', 'Under the hood', 'Setting it up step by step', 'Conclusion'],
    sentences: [
      'Most websites only need a handful of numbers to make good decisions.',
      'Collecting less data is often the fastest way to understand your visitors.',
      'Cookies are not required to count page views accurately.',
      'The GDPR applies as soon as you process personal data of people in the European Union.',
      'A consent banner costs you visitors, trust and a part of your data.',
      'We never store IP addresses, and we do not fingerprint devices.',
      'Referrers tell you which websites send you traffic, and that is usually enough.',
      'You can keep your dashboard public, so anyone can see the same numbers you do.',
      'Events let you count sign-ups, downloads and clicks without tracking individuals.',
      'Ad blockers hide a share of your visitors from most analytics tools.',
      'Server-side collection is more reliable, but it comes with its own trade-offs.',
      'A clear metric beats a hundred vague ones.',
      'Teams spend hours in complex tools to answer questions that should take seconds.',
      'Data you never collect cannot leak, be subpoenaed or be sold.',
    ],
    listItems: ['No cookies and no consent banner', 'Accurate page views and visitors', 'A public dashboard if you want one', 'Events and goals without personal data', 'Data stored in the European Union', 'An API for your own reports', 'Email reports every week', 'Works with single-page applications'],
    linkTexts: ['our documentation', 'this overview', 'the pricing page', 'a previous article', 'the official guidance', 'the full report'],
    quotes: ['Privacy is not a feature you add later; it is a decision you make at the start.', 'If you do not need the data, do not collect it.'],
    notes: ['Based on our own measurements in 2024.', 'See the decision of the data protection authority for details.', 'Numbers rounded to the nearest percent.'],
  },
  nl: {
    titles: ['Zo meet je {topic} zonder cookies', 'Waarom {topic} belangrijk is voor je website', 'Een praktische gids over {topic}', 'Wat we leerden over {topic}', '{topic}: het volledige overzicht', 'Vijf vragen over {topic}'],
    topics: ['privacyvriendelijke statistieken', 'het bouncepercentage', 'paginaweergaven', 'cookiebanners', 'de AVG', 'verwijzers', 'UTM-parameters', 'tracking aan de serverkant', 'bewaartermijnen', 'conversiedoelen', 'adblockers', 'bezoekersaantallen', 'gebeurtenissen', 'dashboards'],
    headings: ['Waarom dit ertoe doet', 'Hoe het werkt', 'Wat de wet zegt', 'Een eenvoudig voorbeeld', 'Veelgemaakte fouten', 'Aan de slag', 'Wat we aanraden', 'Veelgestelde vragen', 'De cijfers', 'Onder de motorkap', 'Stap voor stap instellen', 'Conclusie'],
    sentences: [
      'De meeste websites hebben maar een handvol cijfers nodig om goede beslissingen te nemen.',
      'Minder gegevens verzamelen is vaak de snelste manier om je bezoekers te begrijpen.',
      'Je hebt geen cookies nodig om paginaweergaven nauwkeurig te tellen.',
      'De AVG is van toepassing zodra je persoonsgegevens van mensen in de Europese Unie verwerkt.',
      'Een cookiebanner kost je bezoekers, vertrouwen en een deel van je gegevens.',
      'We slaan nooit IP-adressen op en we maken geen vingerafdrukken van apparaten.',
      'Verwijzers laten zien welke websites je verkeer sturen, en dat is meestal genoeg.',
      'Je kunt je dashboard openbaar maken, zodat iedereen dezelfde cijfers ziet als jij.',
      'Met gebeurtenissen tel je aanmeldingen, downloads en klikken zonder individuen te volgen.',
      'Adblockers verbergen een deel van je bezoekers voor de meeste analysetools.',
      'Een duidelijke maatstaf is beter dan honderd vage.',
      'Gegevens die je nooit verzamelt, kunnen ook niet uitlekken.',
    ],
    listItems: ['Geen cookies en geen cookiebanner', 'Nauwkeurige paginaweergaven en bezoekers', 'Een openbaar dashboard als je dat wilt', 'Gebeurtenissen zonder persoonsgegevens', 'Gegevens opgeslagen in de Europese Unie', 'Een API voor je eigen rapporten', 'Wekelijkse rapporten per e-mail'],
    linkTexts: ['onze documentatie', 'dit overzicht', 'de prijzenpagina', 'een eerder artikel', 'de officiële richtlijnen'],
    quotes: ['Privacy voeg je niet later toe; het is een keuze die je aan het begin maakt.', 'Heb je de gegevens niet nodig, verzamel ze dan niet.'],
    notes: ['Op basis van onze eigen metingen in 2024.', 'Zie het besluit van de toezichthouder voor de details.'],
  },
  de: {
    titles: ['So messen Sie {topic} ohne Cookies', 'Warum {topic} für Ihre Website wichtig ist', 'Ein praktischer Leitfaden zu {topic}', 'Was wir über {topic} gelernt haben', '{topic}: der vollständige Überblick', 'Fünf Fragen zu {topic}'],
    topics: ['datenschutzfreundliche Analysen', 'die Absprungrate', 'Seitenaufrufe', 'Cookie-Banner', 'die DSGVO', 'Verweise', 'UTM-Parameter', 'serverseitiges Tracking', 'Aufbewahrungsfristen', 'Conversion-Ziele', 'Werbeblocker', 'Besucherzahlen', 'Ereignisse', 'Dashboards'],
    headings: ['Warum das wichtig ist', 'Wie es funktioniert', 'Was das Gesetz sagt', 'Ein einfaches Beispiel', 'Häufige Fehler', 'Erste Schritte', 'Was wir empfehlen', 'Häufig gestellte Fragen', 'Die Zahlen', 'Unter der Haube', 'Schritt für Schritt einrichten', 'Fazit'],
    sentences: [
      'Die meisten Websites brauchen nur eine Handvoll Zahlen, um gute Entscheidungen zu treffen.',
      'Weniger Daten zu erheben ist oft der schnellste Weg, Ihre Besucher zu verstehen.',
      'Für genaue Seitenaufrufe sind keine Cookies nötig.',
      'Die DSGVO gilt, sobald Sie personenbezogene Daten von Menschen in der Europäischen Union verarbeiten.',
      'Ein Cookie-Banner kostet Sie Besucher, Vertrauen und einen Teil Ihrer Daten.',
      'Wir speichern niemals IP-Adressen und erstellen keine Fingerabdrücke von Geräten.',
      'Verweise zeigen, welche Websites Ihnen Besucher schicken, und das genügt meistens.',
      'Sie können Ihr Dashboard öffentlich machen, damit alle dieselben Zahlen sehen wie Sie.',
      'Mit Ereignissen zählen Sie Anmeldungen, Downloads und Klicks, ohne Einzelpersonen zu verfolgen.',
      'Werbeblocker verbergen einen Teil Ihrer Besucher vor den meisten Analysewerkzeugen.',
      'Eine klare Kennzahl ist besser als hundert vage.',
      'Daten, die Sie nie erheben, können auch nicht abfließen.',
    ],
    listItems: ['Keine Cookies und kein Cookie-Banner', 'Genaue Seitenaufrufe und Besucher', 'Ein öffentliches Dashboard, wenn Sie möchten', 'Ereignisse ohne personenbezogene Daten', 'Datenspeicherung in der Europäischen Union', 'Eine API für eigene Berichte', 'Wöchentliche Berichte per E-Mail'],
    linkTexts: ['unsere Dokumentation', 'diese Übersicht', 'die Preisseite', 'einen früheren Artikel', 'die offiziellen Leitlinien'],
    quotes: ['Datenschutz fügt man nicht später hinzu; man entscheidet sich am Anfang dafür.', 'Wenn Sie die Daten nicht brauchen, erheben Sie sie nicht.'],
    notes: ['Auf Grundlage unserer eigenen Messungen im Jahr 2024.', 'Einzelheiten in der Entscheidung der Aufsichtsbehörde.'],
  },
  es: {
    titles: ['Cómo medir {topic} sin cookies', 'Por qué {topic} importa para tu sitio web', 'Una guía práctica sobre {topic}', 'Lo que aprendimos sobre {topic}', '{topic}: la visión completa', 'Cinco preguntas sobre {topic}'],
    topics: ['la analítica respetuosa con la privacidad', 'la tasa de rebote', 'las páginas vistas', 'los banners de cookies', 'el RGPD', 'los referentes', 'los parámetros UTM', 'el seguimiento en el servidor', 'la conservación de datos', 'los objetivos de conversión', 'los bloqueadores de anuncios', 'las visitas', 'los eventos'],
    headings: ['Por qué importa', 'Cómo funciona', 'Qué dice la ley', 'Un ejemplo sencillo', 'Errores comunes', 'Primeros pasos', 'Lo que recomendamos', 'Preguntas frecuentes', 'Las cifras', 'Bajo el capó', 'Configuración paso a paso', 'Conclusión'],
    sentences: [
      'La mayoría de los sitios web solo necesitan un puñado de cifras para tomar buenas decisiones.',
      'Recoger menos datos suele ser la forma más rápida de entender a tus visitantes.',
      'No hacen falta cookies para contar páginas vistas con precisión.',
      'El RGPD se aplica en cuanto tratas datos personales de personas en la Unión Europea.',
      'Un banner de cookies te cuesta visitantes, confianza y parte de tus datos.',
      'Nunca guardamos direcciones IP ni tomamos huellas digitales de los dispositivos.',
      'Los referentes muestran qué sitios te envían tráfico, y eso suele bastar.',
      'Puedes hacer público tu panel para que todos vean las mismas cifras que tú.',
      'Con los eventos cuentas registros, descargas y clics sin seguir a nadie.',
      'Los bloqueadores de anuncios ocultan una parte de tus visitantes a la mayoría de las herramientas.',
      'Una métrica clara vale más que cien vagas.',
      'Los datos que nunca recoges no pueden filtrarse.',
    ],
    listItems: ['Sin cookies y sin banner de consentimiento', 'Páginas vistas y visitantes precisos', 'Un panel público si lo deseas', 'Eventos sin datos personales', 'Datos almacenados en la Unión Europea', 'Una API para tus propios informes', 'Informes semanales por correo'],
    linkTexts: ['nuestra documentación', 'este resumen', 'la página de precios', 'un artículo anterior', 'las directrices oficiales'],
    quotes: ['La privacidad no se añade después; es una decisión que se toma al principio.', 'Si no necesitas los datos, no los recojas.'],
    notes: ['Según nuestras propias mediciones de 2024.', 'Consulta la resolución de la autoridad para más detalles.'],
  },
  fr: {
    titles: ['Comment mesurer {topic} sans cookies', 'Pourquoi {topic} compte pour votre site', 'Un guide pratique sur {topic}', 'Ce que nous avons appris sur {topic}', '{topic} : la vue d’ensemble', 'Cinq questions sur {topic}'],
    topics: ['l’analyse respectueuse de la vie privée', 'le taux de rebond', 'les pages vues', 'les bannières de cookies', 'le RGPD', 'les référents', 'les paramètres UTM', 'le suivi côté serveur', 'la conservation des données', 'les objectifs de conversion', 'les bloqueurs de publicité', 'les visites', 'les événements'],
    headings: ['Pourquoi c’est important', 'Comment ça marche', 'Ce que dit la loi', 'Un exemple simple', 'Les erreurs courantes', 'Bien démarrer', 'Ce que nous recommandons', 'Questions fréquentes', 'Les chiffres', 'Sous le capot', 'La configuration pas à pas', 'Conclusion'],
    sentences: [
      'La plupart des sites n’ont besoin que de quelques chiffres pour prendre de bonnes décisions.',
      'Collecter moins de données est souvent le moyen le plus rapide de comprendre vos visiteurs.',
      'Les cookies ne sont pas nécessaires pour compter précisément les pages vues.',
      'Le RGPD s’applique dès que vous traitez des données personnelles de personnes dans l’Union européenne.',
      'Une bannière de cookies vous coûte des visiteurs, de la confiance et une partie de vos données.',
      'Nous ne stockons jamais d’adresses IP et nous ne prenons pas d’empreintes des appareils.',
      'Les référents montrent quels sites vous envoient du trafic, et cela suffit généralement.',
      'Vous pouvez rendre votre tableau de bord public pour que chacun voie les mêmes chiffres que vous.',
      'Les événements comptent les inscriptions, les téléchargements et les clics sans suivre personne.',
      'Les bloqueurs de publicité cachent une partie de vos visiteurs à la plupart des outils.',
      'Un indicateur clair vaut mieux que cent indicateurs flous.',
      'Les données que vous ne collectez jamais ne peuvent pas fuiter.',
    ],
    listItems: ['Pas de cookies ni de bannière de consentement', 'Des pages vues et des visiteurs précis', 'Un tableau de bord public si vous le souhaitez', 'Des événements sans données personnelles', 'Des données hébergées dans l’Union européenne', 'Une API pour vos propres rapports', 'Des rapports hebdomadaires par e-mail'],
    linkTexts: ['notre documentation', 'cet aperçu', 'la page des tarifs', 'un article précédent', 'les lignes directrices officielles'],
    quotes: ['La vie privée ne s’ajoute pas après coup ; c’est un choix que l’on fait dès le départ.', 'Si vous n’avez pas besoin des données, ne les collectez pas.'],
    notes: ['D’après nos propres mesures de 2024.', 'Voir la décision de l’autorité pour les détails.'],
  },
  it: {
    titles: ['Come misurare {topic} senza cookie', 'Perché {topic} conta per il tuo sito', 'Una guida pratica su {topic}', 'Cosa abbiamo imparato su {topic}', '{topic}: la panoramica completa', 'Cinque domande su {topic}'],
    topics: ['l’analisi rispettosa della privacy', 'la frequenza di rimbalzo', 'le visualizzazioni di pagina', 'i banner dei cookie', 'il GDPR', 'i referrer', 'i parametri UTM', 'il tracciamento lato server', 'la conservazione dei dati', 'gli obiettivi di conversione', 'gli adblocker', 'le visite', 'gli eventi'],
    headings: ['Perché è importante', 'Come funziona', 'Cosa dice la legge', 'Un esempio semplice', 'Errori comuni', 'Per iniziare', 'Cosa consigliamo', 'Domande frequenti', 'I numeri', 'Sotto il cofano', 'Configurazione passo dopo passo', 'Conclusione'],
    sentences: [
      'Alla maggior parte dei siti servono solo pochi numeri per prendere buone decisioni.',
      'Raccogliere meno dati è spesso il modo più rapido per capire i visitatori.',
      'Non servono cookie per contare con precisione le visualizzazioni di pagina.',
      'Il GDPR si applica non appena tratti dati personali di persone nell’Unione europea.',
      'Un banner dei cookie ti costa visitatori, fiducia e una parte dei tuoi dati.',
      'Non salviamo mai indirizzi IP e non rileviamo impronte dei dispositivi.',
      'I referrer mostrano quali siti ti mandano traffico, e di solito basta.',
      'Puoi rendere pubblica la tua dashboard, così tutti vedono i tuoi stessi numeri.',
      'Con gli eventi conti iscrizioni, download e clic senza seguire nessuno.',
      'Gli adblocker nascondono una parte dei visitatori alla maggior parte degli strumenti.',
      'Una metrica chiara vale più di cento metriche vaghe.',
      'I dati che non raccogli non possono trapelare.',
    ],
    listItems: ['Niente cookie e niente banner del consenso', 'Visualizzazioni e visitatori precisi', 'Una dashboard pubblica, se vuoi', 'Eventi senza dati personali', 'Dati conservati nell’Unione europea', 'Un’API per i tuoi report', 'Report settimanali via e-mail'],
    linkTexts: ['la nostra documentazione', 'questa panoramica', 'la pagina dei prezzi', 'un articolo precedente', 'le linee guida ufficiali'],
    quotes: ['La privacy non si aggiunge dopo; è una scelta che si fa all’inizio.', 'Se non ti servono i dati, non raccoglierli.'],
    notes: ['In base alle nostre misurazioni del 2024.', 'Vedi la decisione dell’autorità per i dettagli.'],
  },
};

/** Code blocks the articles show now and then (the site highlights them). */
export const CODE_BLOCKS: Array<{ language: string; code: string }> = [
  { language: 'html', code: '<script async src="https://scripts.simpleanalyticscdn.com/latest.js"></script>\n<noscript><img src="https://queue.simpleanalyticscdn.com/noscript.gif" alt="" referrerpolicy="no-referrer-when-downgrade" /></noscript>' },
  { language: 'js', code: "// Count a sign-up without tracking the person\nsa_event('signup', { plan: 'team' });\n\nwindow.addEventListener('load', () => {\n  console.log('analytics ready');\n});" },
  { language: 'bash', code: 'curl "https://simpleanalytics.com/api/export/datapoints?version=5&format=csv&hostname=example.com&start=2024-01-01&end=2024-01-31&fields=added_iso,path,referrer_hostname" \\\n  -H "Api-Key: $SA_API_KEY"' },
  { language: 'json', code: '{\n  "hostname": "example.com",\n  "pageviews": 12840,\n  "visitors": 4211,\n  "histogram": [{ "date": "2024-01-01", "pageviews": 402 }]\n}' },
  { language: 'python', code: 'import requests\n\nresponse = requests.get("https://simpleanalytics.com/example.com.json", params={"version": 5, "fields": "pageviews"})\nprint(response.json()["pageviews"])' },
];
