import { useQuery } from '@tanstack/react-query';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from '@inkwell/ui-kit/button';
import { SimpleTable } from '@/components/data-table/simple-table';
import { formatCount, formatDateTime } from '@/lib/format';
import dialogStyles from '@/components/dialog/dialog.module.css';
import { getImsProductQueryOptions } from '../api/get-lookups';
import styles from './lookups.module.css';

/** One inventory product's stock by location, fetched fresh (`GET /dashboard/ims/{id}`). */
export function StockDialog({ id, name, onClose }: { id: number; name: string; onClose: () => void }) {
  const product = useQuery(getImsProductQueryOptions(id));
  const stocks = useQuery({ ...getImsProductQueryOptions(id), select: (data) => data.stocks });
  return (
    <ModalOverlay isOpen isDismissable onOpenChange={(open) => !open && onClose()} className={dialogStyles.overlay}>
      <Modal className={`${dialogStyles.modal} ${dialogStyles.wide}`}>
        <Dialog className={dialogStyles.dialog}>
          <header className={dialogStyles.header}>
            <Heading slot="title" className={dialogStyles.title}>
              Stock of {name}
            </Heading>
          </header>
          <div className={dialogStyles.body}>
            {product.data && (
              <p className={styles.total}>
                <span>SKU {product.data.sku}</span>
                <strong>{formatCount(product.data.totalStock)} available in all</strong>
              </p>
            )}
            <SimpleTable
              caption={`Stock of ${name} by location`}
              query={stocks}
              getRowId={(stock) => stock.location}
              empty={{ title: 'No stock records', text: 'The inventory system holds no stock for this product.' }}
              columns={[
                { id: 'location', header: 'Location', isPrimary: true, cell: (stock) => stock.location },
                { id: 'available', header: 'Available', align: 'end', cell: (stock) => formatCount(stock.available) },
                { id: 'updated', header: 'Last updated', cell: (stock) => formatDateTime(stock.lastUpdated) },
              ]}
            />
          </div>
          <footer className={dialogStyles.footer}>
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
          </footer>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
