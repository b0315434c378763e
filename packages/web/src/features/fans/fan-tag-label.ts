/**
 * A fan tag as the CRM's pickers name it: its name and its type's words (contract
 * `resource.tags.tagType.*`), never the stored code ('Newsletter (Fan)', not '(fan)').
 */
export function fanTagLabel(tag: { name: string; tagType: string }, label: (labelKey: string) => string): string {
  return `${tag.name} (${label(`resource.tags.tagType.${tag.tagType}`)})`;
}
