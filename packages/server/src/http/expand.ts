/**
 * The relation names of an `expand` query value, lower-cased: `expand=[Contestant,Profile]`,
 * `expand=Contestant` and `expand[]=Contestant&expand[]=Profile` all read the same.
 */
export function expandNames(expand: string | readonly string[] | undefined): string[] {
  const values = Array.isArray(expand) ? expand : [expand ?? ''];
  return values
    .flatMap((value: string) => value.replace(/[[\]]/g, '').split(','))
    .map((value) => value.trim().toLowerCase())
    .filter((value) => value !== '');
}
