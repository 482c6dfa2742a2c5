import { useState, type ComponentType } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { Tab, TabList, TabPanel, Tabs, type Key } from 'react-aria-components';
import { SimpleTable } from '@/components/data-table/simple-table';
import { SearchField } from '@/components/form/search-field';
import { PageHeader } from '@/components/layout/page-header';
import tabStyles from '@/components/tabs.module.css';
import { formatCount, formatMoney } from '@/lib/format';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '@/lib/use-debounced-value';
import { imprintsQueryOptions, pricingTiersQueryOptions, restrictedTerritoriesQueryOptions } from '@/lib/api/lookups';
import { getImsProductsQueryOptions, getIpTagsQueryOptions } from '../api/get-lookups';
import { StockDialog } from '../components/stock-dialog';
import styles from '../components/lookups.module.css';

const TABS = [
  { id: 'ip-tags', label: 'IP tags' },
  { id: 'inventory', label: 'Inventory' },
  { id: 'territories', label: 'Restricted territories' },
  { id: 'pricing-tiers', label: 'Pricing tiers' },
  { id: 'imprints', label: 'Imprints' },
] as const;
type TabId = (typeof TABS)[number]['id'];

function includes(text: string, search: string): boolean {
  return text.toLowerCase().includes(search.trim().toLowerCase());
}

function IpTagsPanel() {
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input.trim(), SEARCH_DEBOUNCE_MS);
  const tags = useQuery(getIpTagsQueryOptions(search));
  return (
    <>
      <div className={styles.toolbar}>
        <SearchField label="Search IP tags" placeholder="Search by name" value={input} onChange={setInput} />
      </div>
      <SimpleTable
        caption="IP tags"
        query={tags}
        getRowId={(tag) => String(tag.id)}
        empty={{ title: search ? 'No IP tag matches' : 'No IP tags', text: 'IP tags group series and products of one intellectual property.' }}
        columns={[
          { id: 'name', header: 'Name', isPrimary: true, cell: (tag) => tag.name },
          { id: 'url', header: 'Readable URL', cell: (tag) => <span className={styles.code}>{tag.readableUrl}</span> },
          { id: 'id', header: 'Id', align: 'end', cell: (tag) => tag.id },
        ]}
      />
    </>
  );
}

function InventoryPanel() {
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input.trim(), SEARCH_DEBOUNCE_MS);
  const products = useQuery(getImsProductsQueryOptions(search));
  const [open, setOpen] = useState<{ id: number; name: string } | null>(null);
  return (
    <>
      <div className={styles.toolbar}>
        <SearchField label="Search the inventory" placeholder="Search by name or SKU" value={input} onChange={setInput} />
      </div>
      <p className={styles.note}>Total stock is the sum of what is available at every location.</p>
      <SimpleTable
        caption="Inventory-system products"
        query={products}
        getRowId={(product) => String(product.id)}
        empty={{ title: search ? 'No inventory product matches' : 'No inventory products', text: 'Print products link to these by their inventory id.' }}
        columns={[
          { id: 'name', header: 'Product', isPrimary: true, cell: (product) => product.name },
          { id: 'sku', header: 'SKU', cell: (product) => <span className={styles.code}>{product.sku}</span> },
          { id: 'id', header: 'Inventory id', align: 'end', cell: (product) => product.id },
          {
            id: 'total',
            header: 'Total stock',
            align: 'end',
            cell: (product) => <span className={product.totalStock <= 0 ? styles.low : undefined}>{formatCount(product.totalStock)}</span>,
          },
          {
            id: 'detail',
            header: 'Locations',
            align: 'end',
            cell: (product) =>
              product.stocks.length === 0 ? (
                <span className={styles.none}>None</span>
              ) : (
                // Looks like a link (it opens the detail); the visible words start its name (WCAG 2.5.3)
                // and the product's name tells the rows apart.
                <button type="button" className={styles.linkButton} onClick={() => setOpen({ id: product.id, name: product.name })}>
                  {product.stocks.length === 1 ? '1 location' : `${product.stocks.length} locations`}
                  <span className="visually-hidden"> of {product.name}</span>
                </button>
              ),
          },
        ]}
      />
      {open && <StockDialog id={open.id} name={open.name} onClose={() => setOpen(null)} />}
    </>
  );
}

function TerritoriesPanel() {
  const [input, setInput] = useState('');
  const territories = useQuery(restrictedTerritoriesQueryOptions);
  const rows = territories.data?.filter((territory) => includes(`${territory.code} ${territory.name}`, input));
  return (
    <>
      <div className={styles.toolbar}>
        <SearchField label="Filter territories" placeholder="Filter by name or code" value={input} onChange={setInput} />
      </div>
      <p className={styles.note}>The territories a product, series or bundle can be restricted in.</p>
      <SimpleTable
        caption="Restricted territories"
        query={territories}
        rows={rows}
        getRowId={(territory) => territory.code}
        empty={{ title: input ? 'No territory matches' : 'No territories' }}
        columns={[
          { id: 'name', header: 'Territory', isPrimary: true, cell: (territory) => territory.name },
          { id: 'code', header: 'Code', cell: (territory) => <span className={styles.code}>{territory.code}</span> },
        ]}
      />
    </>
  );
}

function PricingTiersPanel() {
  const tiers = useQuery(pricingTiersQueryOptions);
  return (
    <>
      <p className={styles.note}>A product variant or bundle priced by tier takes the tier’s price.</p>
      <SimpleTable
        caption="Pricing tiers"
        query={tiers}
        getRowId={(tier) => String(tier.id)}
        empty={{ title: 'No pricing tiers' }}
        columns={[
          { id: 'name', header: 'Tier', isPrimary: true, cell: (tier) => tier.name },
          { id: 'price', header: 'Price', align: 'end', cell: (tier) => formatMoney(tier.price, tier.currency) },
          { id: 'id', header: 'Id', align: 'end', cell: (tier) => tier.id },
        ]}
      />
    </>
  );
}

function ImprintsPanel() {
  const [input, setInput] = useState('');
  const imprints = useQuery(imprintsQueryOptions);
  const rows = imprints.data?.filter((imprint) => includes(`${imprint.name} ${imprint.publisherName}`, input));
  return (
    <>
      <div className={styles.toolbar}>
        <SearchField label="Filter imprints" placeholder="Filter by imprint or publisher" value={input} onChange={setInput} />
      </div>
      <p className={styles.note}>Imprints are edited with their publisher, under Publishers.</p>
      <SimpleTable
        caption="Imprints"
        query={imprints}
        rows={rows}
        getRowId={(imprint) => String(imprint.id)}
        empty={{ title: input ? 'No imprint matches' : 'No imprints' }}
        columns={[
          { id: 'name', header: 'Imprint', isPrimary: true, cell: (imprint) => imprint.name },
          { id: 'publisher', header: 'Publisher', cell: (imprint) => imprint.publisherName },
          { id: 'id', header: 'Id', align: 'end', cell: (imprint) => imprint.id },
        ]}
      />
    </>
  );
}

const PANELS: Record<TabId, ComponentType> = {
  'ip-tags': IpTagsPanel,
  inventory: InventoryPanel,
  territories: TerritoriesPanel,
  'pricing-tiers': PricingTiersPanel,
  imprints: ImprintsPanel,
};

/** Read-only lookups, one tab each; the open tab is in the address (`?tab=`), so it can be linked to. */
export default function LookupsRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: TabId = TABS.some((t) => t.id === requested) ? (requested as TabId) : 'ip-tags';
  const select = (key: Key) => setSearchParams(key === 'ip-tags' ? {} : { tab: String(key) }, { replace: true });

  return (
    <>
      <PageHeader title="Lookups" summary="The reference lists editors pick from: IP tags, inventory stock, restricted territories, pricing tiers and imprints." />
      <Tabs selectedKey={tab} onSelectionChange={select} className={tabStyles.tabs}>
        <TabList aria-label="Lookups" className={tabStyles.list}>
          {TABS.map((t) => (
            <Tab key={t.id} id={t.id} className={tabStyles.tab}>
              {t.label}
            </Tab>
          ))}
        </TabList>
        {TABS.map((t) => {
          const Panel = PANELS[t.id];
          return (
            <TabPanel key={t.id} id={t.id} className={tabStyles.panel}>
              <Panel />
            </TabPanel>
          );
        })}
      </Tabs>
    </>
  );
}
