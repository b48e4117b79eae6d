/** A small flag image; decorative, the language name is beside it. */
export function Flag({ country }: { country: string }) {
  return <img className="flag" src={`/flags/${country}.svg`} width="20" height="14" alt="" />;
}
