/**
 * The site model, the steps every command shares: validate → diagrams → sidebar → compile
 * (with the cross-checks and link check beside it) → page JSON → manifest. Each step is a
 * function of its inputs, kept in the stage memo (incremental/memo.ts). Two compositions
 * use them (build.ts): `toDisk` (`paydocs build`) and `inMemory` (check, dev, tests); what
 * differs between them is named in `ModelPlan`.
 */
import type { ContentSet } from './content/load.ts';
import type { SiteModel } from './content/validate.ts';
import { validateContent } from './content/validate.ts';
import { crossCheck } from './content/cross-check.ts';
import { withoutFollowOn } from './content/follow-on.ts';
import type { CompiledPage } from './compile/compile-page.ts';
import { compileContext, compileInput, type CompileContext } from './compile/context.ts';
import { compileAll, crashProblem } from './compile/compile-all.ts';
import { checkBodies } from './compile/check-bodies.ts';
import type { ParsedChunks } from './compile/markdown-chunks.ts';
import { kindContext } from './kinds/index.ts';
import * as codes from './sources/index.ts';
import { diagramRegistry, checkDiagramPages } from './diagrams/registry.ts';
import { drawDiagrams, type DrawnDiagrams } from './diagrams/render.ts';
import { closeD2 } from './diagrams/d2.ts';
import { docsSidebar, sidebarPages } from './link/sidebar.ts';
import { pageAssembler } from './link/assemble.ts';
import { pageFilesAsCompiled, pageFilesWithTrees, type PageFileText } from './link/page-json.ts';
import { checkSiteLinks } from './link/links.ts';
import { generatedDataFile, type GeneratedDataFile } from './link/generated-data.ts';
import { siteManifest } from './link/site-manifest.ts';
import { clashesBeforeBuild } from './emit/public-files.ts';
import { BuildError, type Diagnostic } from './diagnostics.ts';
import type { StageMemo } from './incremental/memo.ts';
import type { WorkerPool } from './workers/pool.ts';
import type { Step } from './step.ts';
import { awaitedLater } from './later.ts';
import type { PageData } from '../schema/page.ts';
import type { Manifest, SidebarItemOut } from '../schema/manifest.ts';

/** What differs between the two compositions of the model steps. */
export interface ModelPlan {
  /**
   * Each page assembled and serialized the moment it compiles, its tree not kept: what comes
   * after reads the page JSON (`pages[].ast` empty). Otherwise the trees are kept (dev renders them).
   */
  streamPageJson: boolean;
  /**
   * The diagrams are drawn once: D2's thread (its memory: bench/HISTORY.md, D2 memory) goes when it has
   * drawn, and the model does not wait for it unless something else failed (the build writes the SVGs last).
   */
  drawOnce: boolean;
}

/** `paydocs build`: nothing kept that the disk has. */
export const toDisk: ModelPlan = { streamPageJson: true, drawOnce: true };
/** check, dev and the tests: the whole model in memory, D2 kept for the next save. */
export const inMemory: ModelPlan = { streamPageJson: false, drawOnce: false };

export interface ModelInput {
  content: ContentSet;
  /** The last-updated dates, being read (git, file times) while the pages validate and compile. */
  dates: Promise<Map<string, string>>;
  memo: StageMemo;
  step: Step;
  /** Worker threads for the compile; none: this thread. */
  pool?: WorkerPool;
  /** The dev session's parsed Markdown chunks (compile/markdown-chunks.ts); none: bodies parsed whole. */
  chunks?: ParsedChunks;
}

/** The site up to its page JSON and manifest (without the search index). */
export interface SiteModelBuild {
  content: ContentSet;
  site: SiteModel;
  pages: PageData[];
  compiled: Map<string, CompiledPage>;
  /** Each page's compile key: it stands for the page file and the data and config it was compiled with. */
  compileKeys: Map<string, string>;
  /** What every page was compiled with besides its own file (the dev server's compiler warm-up uses it too). */
  compileContext: CompileContext;
  sidebar: SidebarItemOut[];
  dates: Map<string, string>;
  /** Page JSON by dist path, with its content hash. */
  pageFiles: Map<string, PageFileText>;
  /** The site data generated content is printed with (link/generated-data.ts): written beside the page JSON. */
  generatedData: GeneratedDataFile;
  manifest: Manifest;
  /**
   * The diagrams' SVGs by dist path (pipeline/diagrams/). A build's pages need only the
   * diagrams' addresses, so `paydocs build` goes on while D2 draws; this rejects with
   * BuildError if a diagram does not draw. Drawn already in memory.
   */
  diagramFiles: Promise<Map<string, string>>;
}

/** load → … → page JSON and manifest. Throws BuildError with every problem of the run. */
export async function buildModel(input: ModelInput, plan: ModelPlan): Promise<SiteModelBuild> {
  const { content, memo, step } = input;
  const datesRead = awaitedLater(input.dates);
  const validated = await step('validate frontmatter', () => validateContent(content, memo));
  const diagnostics: Diagnostic[] = [...validated.diagnostics];
  const site = validated.site;
  if (!site) throw new BuildError(diagnostics);
  diagnostics.push(...clashesBeforeBuild(content.publicFiles, site.pages));
  // A function of the diagram files and the data (the generated diagrams): kept, it reads no YAML.
  const diagrams = await step('list diagrams', () =>
    memo.runSync('diagram-registry', [content.diagrams.map((f) => [f.relFile, f.hash]), site.sharedHash], () =>
      diagramRegistry(content.diagrams, site.data),
    ),
  );
  // Drawn in D2's own thread while the pages compile: pages need only the diagrams' addresses.
  const drawing = awaitedLater(drawDiagrams(diagrams.specs, memo));
  if (plan.drawOnce) void drawing.then(closeD2, closeD2);
  // The sidebar needs no compiled page: made first, so a build can assemble each page as it compiles.
  const sidebar = await step('build sidebar', () => {
    const navPages = sidebarPages(site.pages);
    return memo.runSync('sidebar', [site.sidebars.docs, navPages, [...site.categories], site.invalidRoutes], () =>
      docsSidebar(site, navPages),
    );
  });
  const streamed = plan.streamPageJson
    ? pageFilesAsCompiled(site.pages, pageAssembler(site.pages, sidebar.items, await datesRead), memo)
    : undefined;
  const ctx = { ...compileContext(site, kindContext(site.pages)), diagrams: diagrams.specs.map((d) => d.ref) };
  const compiling = awaitedLater(
    step('compile pages', () =>
      compileAll(site.pages.map(compileInput), ctx, memo, {
        pool: input.pool,
        onPage: streamed?.onPage,
        files: streamed,
        chunks: input.chunks,
      }),
    ),
  );
  // The cross-checks read no compiled page: this thread runs them while the workers compile.
  diagnostics.push(...(await step('cross-check references', () => crossCheck(site, codes, memo))));
  // Pages whose frontmatter failed: their Markdown's problems too, in this run.
  const bodies = await checkBodies(site.unvalidatedBodies, ctx);
  diagnostics.push(
    ...diagrams.diagnostics,
    ...checkDiagramPages(diagrams.specs, site.pages, site.invalidRoutes),
    ...bodies.diagnostics,
  );
  const compiled = await compiling;
  diagnostics.push(...compileProblems(site, compiled), ...sidebar.diagnostics);
  diagnostics.push(
    ...(await step('check links', () =>
      checkSiteLinks(site, (route) => compiled.pages.get(route)?.links ?? [], bodies.links, content.publicFiles),
    )),
  );
  // With nothing else wrong, a build does not wait for D2 here: it was the last thread still
  // running when the compile ended. Otherwise its errors are listed too.
  if (!plan.drawOnce || diagnostics.length)
    diagnostics.push(...(await step('draw diagrams', () => drawing)).diagnostics);
  if (diagnostics.length) throw new BuildError(withoutFollowOn(diagnostics, site, content));

  const dates = await step('read last-updated dates', () => datesRead);
  const { pages, pageFiles } =
    streamed?.collected() ??
    (await step('assemble and serialize page JSON', () =>
      pageFilesWithTrees(site.pages, compiled, pageAssembler(site.pages, sidebar.items, dates), memo),
    ));
  const generatedData = generatedDataFile(site.data);
  const manifest = await step('build manifest', () =>
    siteManifest(site, pages, pageFiles, generatedData, sidebar.items, memo),
  );
  return {
    content,
    site,
    pages,
    compiled: compiled.pages,
    compileKeys: compiled.keys,
    compileContext: ctx,
    sidebar: sidebar.items,
    dates,
    pageFiles,
    generatedData,
    manifest,
    diagramFiles: awaitedLater(drawing.then(drawnFiles)),
  };
}

/** Pages that could not compile (a crash in a worker) and the problems the compile found in each page. */
function compileProblems(site: SiteModel, compiled: Awaited<ReturnType<typeof compileAll>>): Diagnostic[] {
  const problems: Diagnostic[] = compiled.failures.map((f) =>
    crashProblem(site.pages.find((p) => p.route === f.route)?.relFile ?? f.route, f.message),
  );
  for (const page of site.pages) {
    for (const issue of compiled.pages.get(page.route)?.issues ?? [])
      problems.push({
        file: page.relFile,
        line: issue.line,
        message: issue.message,
        hint: issue.hint,
        rule: issue.rule,
      });
  }
  return problems;
}

const drawnFiles = (drawn: DrawnDiagrams): Map<string, string> => {
  if (drawn.diagnostics.length) throw new BuildError(drawn.diagnostics);
  return drawn.files;
};
