import { Link } from 'react-router-dom';
import type { HtmlComponent, HtmlComponentInput } from '@inkwell/contracts/dashboard-merchandising';
import { ButtonLink } from '@inkwell/ui-kit/button';
import { SimpleTable, type SimpleColumn } from '@/components/data-table/simple-table';
import { ConfirmDialog, useConfirm } from '@/components/dialog/confirm-dialog';
import { StatusBadge } from '@/components/feedback/status-badge';
import { toast, toastError } from '@/components/feedback/toast';
import { PageHeader } from '@/components/layout/page-header';
import { MenuButton } from '@/components/menu-button';
import { formatCount, formatDateTime } from '@/lib/format';
import { refusalMessages } from '@/lib/refusal';
import { useAlterHtmlComponents, useHtmlComponents } from '../api/html-components';
import { useRemoveWithUndo } from '../api/remove-with-undo';

const byOrder = (a: HtmlComponent, b: HtmlComponent) => a.order - b.order || a.id - b.id;

function asInput(component: HtmlComponent, changes: Partial<HtmlComponentInput> = {}): HtmlComponentInput {
  return { id: component.id, name: component.name, style: component.style, content: component.content, order: component.order, expectedUpdatedAt: component.updatedAt, ...changes };
}

/** `html-components`: the blocks of custom content, in order, to open, reorder, publish and unpublish. */
export default function HtmlComponentListRoute() {
  const query = useHtmlComponents();
  const alter = useAlterHtmlComponents();
  const removeWithUndo = useRemoveWithUndo();
  const removing = useConfirm<HtmlComponent>();
  const rows = [...(query.data ?? [])].filter((component) => component.status !== 'Removed').sort(byOrder);

  const move = async (component: HtmlComponent, step: -1 | 1) => {
    const from = rows.indexOf(component);
    const to = from + step;
    if (from < 0 || to < 0 || to >= rows.length) return;
    const next = [...rows];
    next.splice(to, 0, ...next.splice(from, 1));
    const changed = next.flatMap((item, index) => (item.order === index ? [] : [asInput(item, { order: index })]));
    try {
      await alter.mutateAsync(changed);
      toast.success(`${component.name} moved to place ${to + 1}.`);
    } catch (error) {
      toastError(`${component.name} was not moved`, error);
    }
  };

  const setStatus = async (component: HtmlComponent, status: 'Draft' | 'Published') => {
    try {
      await alter.mutateAsync([asInput(component, { status })]);
      toast.success(`${component.name}: ${status}.`);
    } catch (error) {
      toast.error(`${component.name} was not changed`, { description: refusalMessages(error).join('\n'), duration: 15_000 });
    }
  };

  const columns: SimpleColumn<HtmlComponent>[] = [
    { id: 'order', header: 'Order', align: 'end', cell: (component) => formatCount(rows.indexOf(component) + 1) },
    { id: 'name', header: 'Name', isPrimary: true, cell: (component) => <Link to={`/html-components/${component.id}`}>{component.name}</Link> },
    { id: 'style', header: 'Style', cell: (component) => component.style },
    { id: 'status', header: 'Status', cell: (component) => <StatusBadge status={component.status} /> },
    { id: 'saved', header: 'Last saved', cell: (component) => formatDateTime(component.updatedAt) },
    {
      id: 'actions',
      header: 'Actions',
      align: 'end',
      cell: (component) => {
        const place = rows.indexOf(component);
        return (
          <MenuButton
            label={`Actions for ${component.name}`}
            actions={[
              { id: 'edit', label: 'Edit', href: `/html-components/${component.id}` },
              { id: 'publish', label: 'Publish', isDisabled: component.status === 'Published' || alter.isPending, onAction: () => void setStatus(component, 'Published') },
              { id: 'unpublish', label: 'Unpublish', isDisabled: component.status !== 'Published' || alter.isPending, onAction: () => void setStatus(component, 'Draft') },
              { id: 'up', label: 'Move up', separatorBefore: true, isDisabled: place <= 0 || alter.isPending, onAction: () => void move(component, -1) },
              { id: 'down', label: 'Move down', isDisabled: place === rows.length - 1 || alter.isPending, onAction: () => void move(component, 1) },
              { id: 'remove', label: 'Remove…', isDestructive: true, separatorBefore: true, onAction: () => removing.ask(component) },
            ]}
          />
        );
      },
    },
  ];

  return (
    <>
      <PageHeader
        title="HTML components"
        summary="Blocks of custom content on the storefront’s home page, sanitised when saved."
        actions={<ButtonLink to="/html-components/new">New HTML component</ButtonLink>}
      />
      <SimpleTable
        caption="HTML components"
        columns={columns}
        query={query}
        rows={rows}
        getRowId={(component) => String(component.id)}
        empty={{ title: 'No HTML components', text: 'Create one to place a block of your own content on the home page.' }}
      />
      <ConfirmDialog
        isOpen={removing.isOpen}
        onOpenChange={removing.onOpenChange}
        title={`Remove ${removing.item?.name ?? 'this component'}?`}
        confirmLabel="Remove component"
        isDestructive
        onConfirm={() => (removing.item ? removeWithUndo(removing.item) : undefined)}
      >
        <p>The component leaves the storefront’s home page; Undo in the message that follows brings it back.</p>
      </ConfirmDialog>
    </>
  );
}
