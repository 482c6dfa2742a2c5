import { EditorRoute } from '@/components/editor/editor-route';
import { useCampaign } from '../api/campaigns';
import { CampaignEditor } from '../components/campaign-editor';

/** `sales-campaigns/new` and `sales-campaigns/:id`. */
export default function CampaignEditorRoute() {
  return (
    <EditorRoute noun={{ one: 'sales campaign', many: 'sales campaigns', owner: 'campaign’s' }} listPath="/sales-campaigns" useItem={useCampaign}>
      {(campaign, key) => <CampaignEditor key={key} campaign={campaign} />}
    </EditorRoute>
  );
}
