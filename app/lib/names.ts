// How two typed names are compared (decision 0097): a client typed as "carla cruz" or
// "Cárla  Cruz" is the Carla Cruz on file. Isomorphic, so the rule has one definition.

/** A name folded for comparison: accents removed (Unicode NFD without its marks), lower case, spaces collapsed. */
export function foldName(name: string): string {
  return name.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
}
