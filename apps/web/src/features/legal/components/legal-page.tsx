import { Link } from "react-router";
import { LEGAL_LAST_UPDATED } from "../content/facts";
import type { Inline, LegalBlock, LegalDocument, Rich } from "../content/types";

function InlineLink({ text, href }: { text: string; href: string }) {
  const className = "font-medium text-primary underline-offset-4 hover:underline";
  if (href.startsWith("/")) {
    return (
      <Link to={href} className={className}>
        {text}
      </Link>
    );
  }
  if (href.startsWith("https://")) {
    return (
      <a href={href} target="_blank" rel="noreferrer" className={className}>
        {text}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  }
  return (
    <a href={href} className={className}>
      {text}
    </a>
  );
}

function RichText({ text }: { text: Rich }) {
  if (typeof text === "string") return text;
  return text.map((part: Inline, index) =>
    typeof part === "string" ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of a sentence never reorder.
      <span key={index}>{part}</span>
    ) : (
      <InlineLink key={part.href} text={part.text} href={part.href} />
    ),
  );
}

function Block({ block }: { block: LegalBlock }) {
  switch (block.kind) {
    case "paragraph":
      return (
        <p>
          <RichText text={block.text} />
        </p>
      );
    case "list":
      return (
        <ul className="ml-6 list-disc space-y-2">
          {block.items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered.
            <li key={index}>
              <RichText text={item} />
            </li>
          ))}
        </ul>
      );
    case "table":
      return (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b">
                {block.head.map((heading) => (
                  <th key={heading} scope="col" className="py-2 pr-4 font-semibold">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row, rowIndex) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered.
                <tr key={rowIndex} className="border-b align-top">
                  {row.map((cell, cellIndex) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered.
                    <td key={cellIndex} className="py-2 pr-4">
                      <RichText text={cell} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    case "subsection":
      return (
        <div className="flex flex-col gap-2">
          <h3 className="text-lg font-semibold">{block.title}</h3>
          <Blocks blocks={block.blocks} />
        </div>
      );
  }
}

function Blocks({ blocks }: { blocks: readonly LegalBlock[] }) {
  return blocks.map((block, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered.
    <Block key={index} block={block} />
  ));
}

/**
 * Spec §2: a legal page with its date, a table of contents linking to each numbered section's
 * anchor, the sections, and an optional closing box.
 */
export function LegalPage({ document }: { document: LegalDocument }) {
  const { title, summary, sections, closing } = document;
  return (
    <article className="mx-auto max-w-3xl px-4 py-16">
      <header>
        <h1 className="text-4xl font-bold tracking-tight">{title}</h1>
        <p className="mt-3 text-sm text-muted-foreground">Last Updated: {LEGAL_LAST_UPDATED}</p>
        <p className="mt-6 text-lg text-muted-foreground">{summary}</p>
      </header>
      <nav aria-labelledby="toc-heading" className="mt-10 rounded-xl border bg-muted/40 p-6">
        <h2 id="toc-heading" className="text-base font-semibold">
          Table of Contents
        </h2>
        <ol className="mt-3 grid list-decimal gap-1.5 pl-6 text-sm sm:grid-cols-2 sm:gap-x-8">
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="text-primary hover:underline">
                {section.title}
              </a>
            </li>
          ))}
          {closing ? (
            <li className="list-none">
              <a href={`#${closing.id}`} className="text-primary hover:underline">
                {closing.title}
              </a>
            </li>
          ) : null}
        </ol>
      </nav>
      <div className="mt-12 flex flex-col gap-12 leading-7">
        {sections.map((section, index) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-heading`}
            className="flex scroll-mt-24 flex-col gap-4"
          >
            <h2 id={`${section.id}-heading`} className="text-2xl font-semibold tracking-tight">
              {index + 1}. {section.title}
            </h2>
            <Blocks blocks={section.blocks} />
          </section>
        ))}
        {closing ? (
          <section
            id={closing.id}
            aria-labelledby={`${closing.id}-heading`}
            className="flex scroll-mt-24 flex-col gap-4 rounded-xl border bg-card p-6"
          >
            <h2 id={`${closing.id}-heading`} className="text-2xl font-semibold tracking-tight">
              {closing.title}
            </h2>
            <Blocks blocks={closing.blocks} />
          </section>
        ) : null}
      </div>
    </article>
  );
}
