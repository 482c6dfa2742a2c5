// The frontends' layers (bulletproof-react's unidirectional rule): `app/` composes features,
// a feature is a closed box that imports only itself and shared code, and shared code
// (`components/`, `hooks/`, `lib/`, `config/`, `styles/`) imports neither a feature nor the app. A
// piece two features need moves down into shared code, or the app composes the two. Written as a
// rule of ours because it is about our folders: it resolves `@/` (the frontend's own src/) and
// relative specifiers to a path and compares the layers of the two ends.
import path from 'node:path';

const FRONTEND_SOURCE = /^(.*[\\/](?:web|dashboard)[\\/]src)[\\/]/;

/** `app`, `feature:<name>`, `entry` (main.tsx and other files at the top of src/) or `shared`. */
function layerOf(sourceRoot, file) {
  const [top, second] = path.relative(sourceRoot, file).split(path.sep);
  if (second === undefined) return 'entry';
  if (top === 'app') return 'app';
  if (top === 'features') return `feature:${second}`;
  return 'shared';
}

function targetPath(sourceRoot, file, specifier) {
  if (specifier.startsWith('@/')) return path.join(sourceRoot, specifier.slice(2));
  if (specifier.startsWith('./') || specifier.startsWith('../')) return path.resolve(path.dirname(file), specifier);
  return undefined;
}

const MESSAGES = {
  featureToFeature: 'A feature does not import another feature ({{from}} → {{to}}): move what both need into components/, hooks/ or lib/, or compose them in app/.',
  featureToApp: 'A feature does not import the app ({{from}} → app): the app composes features, not the other way round.',
  sharedToUpper: 'Shared code ({{from}}) does not import {{to}}: components/, hooks/ and lib/ serve every feature and know none of them.',
};

function problem(from, to) {
  if (from.startsWith('feature:')) {
    if (to.startsWith('feature:') && to !== from) return 'featureToFeature';
    if (to === 'app') return 'featureToApp';
  }
  if (from === 'shared' && (to === 'app' || to.startsWith('feature:'))) return 'sharedToUpper';
  return undefined;
}

const frontendLayers = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps app → features → shared in the frontends: no feature imports another feature or the app, shared code imports neither.' },
    schema: [],
    messages: MESSAGES,
  },
  create(context) {
    const file = context.filename;
    const match = FRONTEND_SOURCE.exec(file);
    if (!match) return {};
    const sourceRoot = match[1];
    const from = layerOf(sourceRoot, file);
    if (from === 'app' || from === 'entry') return {};
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string') return;
      const target = targetPath(sourceRoot, file, specifier);
      if (!target || !target.startsWith(sourceRoot + path.sep)) return;
      const to = layerOf(sourceRoot, target);
      const messageId = problem(from, to);
      if (messageId) context.report({ node: node.source, messageId, data: { from: from.replace('feature:', 'features/'), to: to.replace('feature:', 'features/') } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default { meta: { name: 'inkwell' }, rules: { 'frontend-layers': frontendLayers } };
