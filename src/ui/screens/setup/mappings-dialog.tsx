import { API_PRODUCTS, type ChannelMapping, type ProductRow } from '../../../domain/setup-contract';
import { ChannelMappingBody } from '../../../domain/schemas/product';
import { call } from '../../../services/call';
import { notify } from '../../../services/notify';
import { useHttp } from '../../../services/screen-services';
import { useForm } from '../../hooks/use-form';
import { useRequest } from '../../hooks/use-request';
import { Button, DataTable, Dialog, Loadable, TextField } from '../../kit';

// A product's listings on sales channels (channelProductId in storeId), for order sync.

export function MappingsDialog({ product, onClose }: { product: ProductRow; onClose: () => void }) {
  const http = useHttp();
  const list = useRequest(() => call(http, API_PRODUCTS.mappings, { params: { productId: product.productId } }), {
    load: true,
  });
  const form = useForm(ChannelMappingBody, { channelProductId: '', storeId: '' });
  const add = useRequest(
    (body: { channelProductId: string; storeId: string }) =>
      call(http, API_PRODUCTS.addMapping, { params: { productId: product.productId }, body }),
    {
      onDone: () => {
        form.reset({ channelProductId: '', storeId: '' });
        list.run();
      },
      onError: (message) => notify({ kind: 'error', message }),
    },
  );
  const remove = useRequest(
    (mappingId: number) =>
      call(http, API_PRODUCTS.deleteMapping, { params: { productId: product.productId, mappingId } }),
    {
      onDone: () => list.run(),
      onError: (message) => notify({ kind: 'error', message }),
    },
  );
  const v = form.values as { channelProductId: string; storeId: string };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={`Channel mappings: ${product.productName}`}
      description="Link this product to its listing on each store, so synced orders find it."
      wide
    >
      <Loadable loading={list.loading} error={list.error} onRetry={list.retry}>
        {() => (
          <DataTable<ChannelMapping>
            caption="Channel mappings"
            rows={list.data ?? []}
            rowKey={(m) => m.mappingId}
            columns={[
              { header: 'Store', cell: (m) => m.storeId },
              { header: 'Channel product id', cell: (m) => m.channelProductId },
              {
                header: 'Actions',
                cell: (m) => (
                  <Button
                    className="btn-small"
                    variant="ghost"
                    disabled={remove.running}
                    onClick={() => remove.run(m.mappingId)}
                    aria-label={`Remove mapping ${m.channelProductId}`}
                  >
                    Remove
                  </Button>
                ),
              },
            ]}
          />
        )}
      </Loadable>
      <form
        noValidate
        className="grid-2"
        style={{ marginTop: 16 }}
        onSubmit={(e) => {
          e.preventDefault();
          const body = form.parse();
          if (body) add.run(body);
        }}
      >
        <TextField
          label="Store id"
          value={v.storeId}
          onChange={(e) => form.set('storeId', e.target.value)}
          error={form.errors.storeId}
          hint="e.g. yourstore.myshopify.com"
        />
        <TextField
          label="Channel product id"
          value={v.channelProductId}
          onChange={(e) => form.set('channelProductId', e.target.value)}
          error={form.errors.channelProductId}
        />
        <div className="row">
          <Button type="submit" busy={add.running}>
            Add mapping
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Done
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
