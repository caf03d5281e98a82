import { useMemo, type ReactNode } from "react";
import { Datagrid, List, SearchInput } from "react-admin";
import { LABELS } from "@tours/domain";
import { wideTable } from "./tables";
import { LoadingText } from "./LoadingText";

/**
 * A list staff read but do not edit here (orders, rewards and help requests): searched by the API (`q`), newest
 * first, 25 a page, no export, no bulk actions, no row click.
 */
export function ReadOnlyList({ title, searchPlaceholder, children }: { title: string; searchPlaceholder: string; children: ReactNode }) {
  const filters = useMemo(() => [<SearchInput key="q" source="q" alwaysOn placeholder={searchPlaceholder} />], [searchPlaceholder]);
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
