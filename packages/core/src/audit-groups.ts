/**
 * An audit's items by template, as every view of an audit shows them (the audit page, its
 * printed report, the PDF): each template's items in order, templates in the order their
 * items come.
 */
export function groupByTemplate<Item extends { templateName: string }>(items: readonly Item[]) {
  const groups: { templateName: string; items: Item[] }[] = [];
  for (const item of items) {
    const last = groups.at(-1);
    if (last && last.templateName === item.templateName) last.items.push(item);
    else groups.push({ templateName: item.templateName, items: [item] });
  }
  return groups;
}
