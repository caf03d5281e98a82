import { useMemo, type ReactElement, type ReactNode } from "react";
import { Datagrid, List, SearchInput } from "react-admin";
import { LABELS } from "@tours/domain";
import { wideTable } from "./tables";
import { LoadingText } from "./LoadingText";

const NO_FILTERS: ReactElement[] = [];

/**
 * A list staff read but do not edit here (orders, rewards and help requests): searched by the API (`q`), newest
 * first, 25 a page, no export, no bulk actions, no row click.
 */
export function ReadOnlyList({
  title,
  searchPlaceholder,
  extraFilters = NO_FILTERS,
  children,
}: {
  title: string;
  searchPlaceholder: string;
  /** More filters beside the search box (the orders' state). */
  extraFilters?: ReactElement[];
  children: ReactNode;
}) {
  // the box is as wide as its placeholder, so the hint is never cut
  const filters = useMemo(
    () => [
      <SearchInput key="q" source="q" alwaysOn placeholder={searchPlaceholder} sx={{ minWidth: `${searchPlaceholder.length + 6}ch` }} />,
      ...extraFilters,
    ],
    [searchPlaceholder, extraFilters],
  );
  return (
    <List
      title={title}
      filters={filters}
      sort={{ field: "id", order: "DESC" }}
      perPage={25}
      exporter={false}
      actions={false}
      loading={<LoadingText text={LABELS.cargandoInformacionPanel} />}
    >
      <Datagrid bulkActionButtons={false} rowClick={false} size="small" sx={wideTable}>
        {children}
      </Datagrid>
    </List>
  );
}
