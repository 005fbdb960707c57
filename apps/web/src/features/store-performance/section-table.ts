/** The look of Store Performance's tables: roomier than a chart's figures. */
export const SECTION_TABLE = { verticalSpacing: 'sm', horizontalSpacing: 'md' } as const;
