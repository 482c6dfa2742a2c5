import { Type } from '@sinclair/typebox';
import { GenreSchema, IpTagSchema, ProductTypeSchema, PublisherSchema, type GenreView, type IpTagView, type PublisherView } from '@inkwell/contracts/catalog';
import { EnvelopeOf, NotFoundError, success, type App, type ServiceContext } from '@inkwell/platform';
import { CONTENT_KIND_CODES, PRODUCT_TYPE_CODES, contentKindOfProductType, type ProductType } from '../domain';
import { parseItemParam } from './access';

/** Genres, product types, publishers and IP tags: the small lists browsing is built from. */
export async function lookupRoutes(app: App, context: ServiceContext): Promise<void> {
  const { db } = context;

  app.get('/api/genre', { schema: { tags: ['browse'], summary: 'Genres', response: { 200: EnvelopeOf(Type.Array(GenreSchema)) } } }, async () => {
    const { rows } = await db.query<GenreView>('SELECT id, name, readable_url AS "readableUrl" FROM genres ORDER BY name');
    return success(rows);
  });

  app.get('/api/type', { schema: { tags: ['browse'], summary: 'Product types with their numeric codes', response: { 200: EnvelopeOf(Type.Array(ProductTypeSchema)) } } }, async () =>
    success(
      (Object.entries(PRODUCT_TYPE_CODES) as Array<[ProductType, number]>).map(([name, id]) => ({
        id,
        name,
        category: contentKindOfProductType(name),
        categoryId: CONTENT_KIND_CODES[contentKindOfProductType(name)],
      })),
    ),
  );

  app.get('/api/publisher', { schema: { tags: ['browse'], summary: 'Publishers and their imprints', response: { 200: EnvelopeOf(Type.Array(PublisherSchema)) } } }, async () => {
    const { rows } = await db.query<PublisherView>(
      `SELECT p.id, p.name,
              COALESCE((SELECT json_agg(json_build_object('id', i.id, 'name', i.name) ORDER BY i.name) FROM imprints i WHERE i.publisher_id = p.id), '[]') AS imprints
         FROM publishers p WHERE NOT p.hidden ORDER BY p.name`,
    );
    return success(rows);
  });

  app.get('/api/iptag', { schema: { tags: ['browse'], summary: 'IP tags (franchises)', response: { 200: EnvelopeOf(Type.Array(IpTagSchema)) } } }, async () => {
    const { rows } = await db.query<IpTagView>('SELECT id, name, readable_url AS "readableUrl" FROM ip_tags ORDER BY name');
    return success(rows);
  });

  app.get('/api/iptag/:id', {
    schema: { tags: ['browse'], summary: 'An IP tag by id or readable url', params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) }), response: { 200: EnvelopeOf(IpTagSchema) } },
    handler: async (request) => {
      const key = parseItemParam(request.params.id);
      const { rows } = key.kind === 'id'
        ? await db.query<IpTagView>('SELECT id, name, readable_url AS "readableUrl" FROM ip_tags WHERE id = $1', [key.id])
        : await db.query<IpTagView>('SELECT id, name, readable_url AS "readableUrl" FROM ip_tags WHERE readable_url = $1', [key.readableUrl]);
      if (!rows[0]) throw new NotFoundError();
      return success(rows[0]);
    },
  });
}
