import type { AnyStateMachine } from 'xstate';
import { toDirectedGraph, type DirectedGraphNode } from 'xstate/graph';

// Mermaid stateDiagram-v2 from a machine's own graph: generated, never drawn by hand.

const safe = (id: string) => id.replace(/[^A-Za-z0-9_]/g, '_');

function eventLabel(text: string): string {
  if (text.startsWith('xstate.after.')) return `after ${text.split('.')[2]}`;
  if (text.startsWith('xstate.done.actor.')) return `done: ${text.slice('xstate.done.actor.'.length)}`;
  if (text.startsWith('xstate.error.actor.')) return `error: ${text.slice('xstate.error.actor.'.length)}`;
  if (text.startsWith('xstate.done.state.')) return 'done';
  return text;
}

function renderNode(node: DirectedGraphNode, indent: string, lines: string[]) {
  const sn = node.stateNode;
  const key = safe(node.id);
  if (node.children.length) {
    lines.push(`${indent}state ${key} {`);
    const initial = (sn as any).initial?.target?.[0]?.id as string | undefined;
    if (initial) lines.push(`${indent}  [*] --> ${safe(initial)}`);
    for (const child of node.children) renderNode(child, `${indent}  `, lines);
    lines.push(`${indent}}`);
  }
  lines.push(`${indent}${key} : ${sn.key}`);
  if (sn.type === 'final') lines.push(`${indent}${key} --> [*]`);
}

function renderEdges(node: DirectedGraphNode, lines: string[], rootId: string) {
  for (const e of node.edges) {
    if (e.source.id === rootId) continue; // listed under the chart: handled in every state
    const guard = (e.transition as any).guard;
    const guardText = guard ? ` [${typeof guard === 'string' ? guard : (guard.type ?? 'guard')}]` : '';
    lines.push(`  ${safe(e.source.id)} --> ${safe(e.target.id)} : ${eventLabel(e.label.text)}${guardText}`);
  }
  for (const child of node.children) renderEdges(child, lines, rootId);
}

export function toMermaid(machine: AnyStateMachine): string {
  const graph = toDirectedGraph(machine);
  const lines = ['stateDiagram-v2'];
  const initial = (machine.root as any).initial?.target?.[0]?.id as string | undefined;
  if (initial) lines.push(`  [*] --> ${safe(initial)}`);
  for (const child of graph.children) renderNode(child, '  ', lines);
  renderEdges(graph, lines, graph.id);
  return lines.join('\n');
}

/** Events the machine handles at its root, in whatever state it is. */
function rootEvents(machine: AnyStateMachine): string[] {
  const graph = toDirectedGraph(machine);
  return [
    ...new Set(
      graph.edges.map((e) =>
        e.target.id === graph.id ? eventLabel(e.label.text) : `${eventLabel(e.label.text)} → ${e.target.key}`,
      ),
    ),
  ];
}

export function statechartDocument(fileBase: string, machines: [string, AnyStateMachine][]): string {
  const parts = [
    `# ${fileBase}`,
    '',
    `Generated from \`src/machines/${fileBase}.ts\` by \`npm run statecharts\`. Do not edit.`,
    '',
  ];
  for (const [exportName, machine] of machines) {
    parts.push(`## ${machine.id} (\`${exportName}\`)`, '', '```mermaid', toMermaid(machine), '```', '');
    const anywhere = rootEvents(machine);
    if (anywhere.length) parts.push(`Handled in every state: ${anywhere.map((e) => `\`${e}\``).join(', ')}.`, '');
  }
  return parts.join('\n');
}
