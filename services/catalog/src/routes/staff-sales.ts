import { Type } from '@sinclair/typebox';
import { CreatedSchema, StatusChangedSchema } from '@inkwell/contracts/dashboard-catalogue';
import {
  SalesCampaignInputSchema,
  SalesCampaignPageSchema,
  SalesCampaignSchema,
  SalesListQuerySchema,
  SalesSeriesInfoSchema,
} from '@inkwell/contracts/dashboard-merchandising';
import { BadRequestError, EnvelopeOf, NotFoundError, NumericId, success, type App, type ServiceContext } from '@inkwell/platform';
import { noIdMessage } from '../domain/messages';
import { staffActor } from '../store/audit';
import {
  alterStaffSalesCampaign,
  createStaffSalesCampaign,
  listStaffSalesCampaigns,
  loadStaffSalesCampaign,
  salesSeriesInfo,
  setStaffSalesCampaignStatus,
} from '../store/staff-sales';

const tags = ['dashboard'];
const security = [{ bearer: [] }];
const ByCampaignId = Type.Object({ id: NumericId({ errorMessage: 'id must be a sales campaign id (a whole number from 1).' }) });
const BySeriesId = Type.Object({ id: NumericId({ errorMessage: 'id must be a series id (a whole number from 1).' }) });

/**
 * The sales campaign editor's calls (dashboard spec §7 "Sales campaigns"; the spreadsheet calls,
 * exportAsExcel, ValidateFromCsv and CreateFromCsv, are served beside these). Each change commits
 * with its sales-campaign.changed event and audit entry; a refused one changes nothing.
 */
export async function staffSalesRoutes(app: App, context: ServiceContext): Promise<void> {
  const { db, outbox } = context;
  const admin = { preHandler: context.auth.requireAdmin };

  app.get('/api/dashboard/sales/', {
    ...admin,
    schema: { tags, security, summary: 'Sales campaigns, newest first, a page at a time (search: name or description)', querystring: SalesListQuerySchema, response: { 200: EnvelopeOf(SalesCampaignPageSchema) } },
    handler: async (request) => success(await listStaffSalesCampaigns(db, request.query)),
  });

  app.get('/api/dashboard/sales/getCampaignById/:id', {
    ...admin,
    schema: { tags, security, summary: 'A sales campaign with its products (full and discount prices) and included series', params: ByCampaignId, response: { 200: EnvelopeOf(SalesCampaignSchema) } },
    handler: async (request) => {
      const campaign = await loadStaffSalesCampaign(db, request.params.id);
      if (!campaign) throw new NotFoundError(noIdMessage('sales campaign', request.params.id));
      return success(campaign);
    },
  });

  app.get('/api/dashboard/sales/getSeriesInfo/:id', {
    ...admin,
    schema: { tags, security, summary: "A series' products and variants at full price, to add the whole series to a campaign", params: BySeriesId, response: { 200: EnvelopeOf(SalesSeriesInfoSchema) } },
    handler: async (request) => {
      const info = await salesSeriesInfo(db, request.params.id);
      if (!info) throw new NotFoundError(noIdMessage('series', request.params.id));
      return success(info);
    },
  });

  app.post('/api/dashboard/sales/create', {
    ...admin,
    schema: { tags, security, summary: 'Create a Draft sales campaign; the answer holds its id', body: SalesCampaignInputSchema, response: { 200: EnvelopeOf(CreatedSchema) } },
    handler: async (request) => {
      const actor = staffActor(request);
      const id = await db.transaction((tx) => createStaffSalesCampaign({ tx, outbox }, actor, request.body));
      return success({ id });
    },
  });

  app.post('/api/dashboard/sales/alter', {
    ...admin,
    schema: { tags, security, summary: 'Save a sales campaign (its fields, products and series replaced); 409 when expectedUpdatedAt is stale', body: SalesCampaignInputSchema, response: { 200: EnvelopeOf(SalesCampaignSchema) } },
    handler: async (request) => {
      const actor = staffActor(request);
      const id = request.body.id;
      if (id === undefined) throw new BadRequestError('id: say which sales campaign to save.', { problems: [{ field: 'id', message: 'id: say which sales campaign to save.' }] });
      await db.transaction((tx) => alterStaffSalesCampaign({ tx, outbox }, actor, { ...request.body, id }));
      return success((await loadStaffSalesCampaign(db, id))!);
    },
  });

  for (const [path, to, summary] of [
    ['/api/dashboard/sales/publish/:id', 'Published', 'Publish a sales campaign (a name, a start and an end needed; the end not before the start)'],
    ['/api/dashboard/sales/unpublish/:id', 'Draft', 'Unpublish a sales campaign (its prices stop at once)'],
  ] as const) {
    app.post(path, {
      ...admin,
      schema: { tags, security, summary, params: ByCampaignId, response: { 200: EnvelopeOf(StatusChangedSchema) } },
      handler: async (request) => {
        const actor = staffActor(request);
        const status = await db.transaction((tx) => setStaffSalesCampaignStatus({ tx, outbox }, actor, request.params.id, to));
        return success({ id: request.params.id, status });
      },
    });
  }
}
