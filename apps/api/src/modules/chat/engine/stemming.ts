import type { Language } from '@esim/contract/languages';
import { stemmer as german } from '@orama/stemmers/german';
import { stemmer as english } from '@orama/stemmers/english';
import { stemmer as spanish } from '@orama/stemmers/spanish';
import { stemmer as french } from '@orama/stemmers/french';
import { stemmer as turkish } from '@orama/stemmers/turkish';
import { fold, lowerFor } from './fold.ts';

/**
 * Per-language Snowball stemming (`@orama/stemmers`) and the words
 * each language leaves out of the index and the queries.
 */

const STEMMERS: Readonly<Record<Language, (word: string) => string>> = {
  en: english,
  tr: turkish,
  es: spanish,
  fr: french,
  de: german,
};

/**
 * The Snowball stem of a word in a language, folded ({@link fold}). The stemmer sees the word
 * lower-cased with its diacritics ("başlar" -> "baş" -> "bas"); a word of digits is returned as
 * it is. A stemmer that throws (it should not) leaves the folded word.
 */
export function stem(language: Language, word: string): string {
  const cache = CACHES[language];
  let result = cache.get(word);
  if (result !== undefined) return result;
  if (/^\d/.test(word)) result = fold(word);
  else {
    try {
      result = fold(STEMMERS[language](lowerFor(language, word)));
    } catch {
      result = fold(word);
    }
  }
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(word, result);
  return result;
}

/** Stems already computed, per language (articles repeat their words; questions repeat the articles' words). */
const CACHES: Readonly<Record<Language, Map<string, string>>> = {
  en: new Map(),
  tr: new Map(),
  es: new Map(),
  fr: new Map(),
  de: new Map(),
};
const CACHE_LIMIT = 50_000;

/**
 * Function words per language, folded (question words, articles, pronouns, auxiliaries,
 * prepositions): left out of the index and the queries, so a question matches on what it is
 * about. The Turkish list keeps content words ("paket", "veri") and drops only grammar.
 */
export const STOPWORDS: Readonly<Record<Language, ReadonlySet<string>>> = {
  en: new Set(
    `a an the and or but if then so to of in on at by for with from as into about over after before is are was were be been being
     am do does did done doing have has had having can could will would shall should may might must i me my mine we us our you your
     yours he him his she her it its they them their this that these those there here what which who whom whose when where why how
     not no yes any some all also just only very too up out off than get got getting im ive id dont doesnt didnt cant cannot wont
     isnt arent wasnt hi hello hey please thanks thank pls plz ok okay want need like know tell s t exactly really actually wat u r`
      .split(/\s+/)
      .filter(Boolean),
  ),
  tr: new Set(
    `ve veya ile ama fakat ancak de da ki mi mu mı mü midir mudur misin musun miyim muyum mıdır ne neden nasil nasıl nerede nereden
     niye hangi kim kac bu su o bir bu şu bunu sunu onu bunun bana beni benim bizim sen senin siz sizin biz onlar icin için gibi kadar
     daha cok çok en her hic hiç var yok mi mıyım olur olarak olan oldu olsun olabilir ya yani acaba lutfen lütfen merhaba selam
     tesekkurler teşekkürler sey şey ise eger eğer diye hem zaten artik artık sonra sadece bile tam olarak gercekten gerçekten aslinda aslında yap yapabilir yapabilirim yapabilir miyim yapmak yapmam yapmalıyım yapmaliyim yapilir yapılır yaparim yaparım ederim edebilir edebilirim`
      .split(/\s+/)
      .map(fold)
      .filter(Boolean),
  ),
  es: new Set(
    `el la los las un una unos unas y o u e pero si no que qué de del al a en con por para sin sobre es son era ser estar esta está
     estoy están hay he ha han has mi mis tu tus su sus yo me te se le lo nos os les como cómo cuando cuándo donde dónde cual cuál
     cuales quien quién por qué porque cuanto cuánto puedo puede puedes pueden debo hola gracias favor muy ya este esta esto estos
     eso esa también tambien solo algo alguna alguno mas más hacer tengo tiene tienen exactamente realmente verdad`
      .split(/\s+/)
      .map(fold)
      .filter(Boolean),
  ),
  fr: new Set(
    `le la les l un une des du de d et ou mais si ne pas que qu qui quoi quel quelle quels quelles quand comment où ou pourquoi est
     sont être etre suis es a ai as ont avoir j je me m mon ma mes tu te t ton ta tes il elle on nous vous ils elles se s son sa ses
     leur leurs ce c cet cette ces au aux en dans pour par sur avec sans y est-ce bonjour merci svp stp peux peut puis puis-je
     dois doit faut faire très tres aussi ça ca cela exactement vraiment`
      .split(/\s+/)
      .map(fold)
      .filter(Boolean),
  ),
  de: new Set(
    `der die das den dem des ein eine einen einem einer eines und oder aber wenn dann so zu von vom zum zur in im an am auf aus bei
     mit nach für fur über uber um ist sind war waren sein bin bist hat habe hast haben wird werden kann kannst können konnen
     muss musst müssen soll sollte ich mich mir mein meine meinen meinem meiner du dich dir dein deine er sie es wir uns unser ihr
     ihre ihren man was wer wie wo warum wann welche welcher welches nicht kein keine ja nein auch nur noch schon sehr hallo danke
     bitte gibt gut mal denn doch da dass ob eigentlich genau wirklich eure euer euch`
      .split(/\s+/)
      .map(fold)
      .filter(Boolean),
  ),
};

/** Whether a folded token is a function word in a language. */
export function isStopword(language: Language, folded: string): boolean {
  return STOPWORDS[language].has(folded);
}
