/**
 * The one list of preparation words, read by the name of a line (ingredient-name.ts) and by the merge key
 * of a food (food-name.ts). Its twin in food-name.ts had "whole", which names another product ("whole
 * milk", "whole cloves"), and lacked most of these.
 */
/** Words that say how the food is prepared or served, not which food it is (English and Portuguese); the external benchmark compares names without them. */
export const PREPARATION_WORDS: ReadonlySet<string> = new Set(
  [
    // English
    "chopped finely roughly coarsely thinly thickly sliced diced minced grated crushed peeled deseeded seeded",
    "halved quartered trimmed rinsed drained softened melted beaten lightly sifted cubed shredded torn hot warm",
    "warmed cold chilled scalded boiling fresh freshly large medium small big ripe mashed packed firmly loosely",
    "heaped heaping level rounded generous scant steamed juiced zested picked uncooked divided optional",
    "good-quality thick thin extra-large jumbo washed scrubbed stoned pitted cored hulled crumbled skinned",
    "spooned leveled levelled sieved whisked tiny plump medium-large medium-sized large-sized small-sized sm md lg",
    "smallish largish poached cleaned cut thawed good quality good-sized lukewarm tepid medium-size",
    "large-size small-size julienned snipped very boned deboned rough-chopped fresh-squeezed",
    // Portuguese
    "picada picado picadas picados picadinha picadinho picadinhas picadinhos esmagado esmagada esmagados",
    "esmagadas laminado laminada laminados laminadas descascado descascada descascados descascadas",
    "batido batida batidos batidas lavado lavada lavados lavadas limpo limpa limpos limpas desfiado desfiada",
    "desfiados desfiadas lascado lascada demolhado demolhada demolhados demolhadas escorrido escorrida",
    "escorridos escorridas peneirada peneirado esfarelada esfarelado amolecida amolecido derretida derretido",
    "morno morna quente frio fria maduro madura maduros maduras grande grandes médio média médios médias",
    "pequeno pequena pequenos pequenas fresco fresca frescos frescas congelada congelado congeladas",
    "congelados fatiado fatiada duro dura fininha fininho rasa cheia bem",
  ]
    .join(" ")
    .split(" "),
);
