import { describe, expect, it } from 'vitest';
import { criticalCss } from '../../../critical-css.ts';

const CSS = `:root,:host{--mantine-scale:1;--mantine-color-red-1:#f00;--mantine-color-red-2:#e00;--mantine-h2-size:calc(2rem * var(--mantine-scale));--mantine-color-body:var(--mantine-color-red-1);--mantine-color-theme:var(--mantine-color-red-2)}*,:before,:after{box-sizing:border-box}input,button{font:inherit}
body,:host{margin:0}
.m_title{font-size:var(--title-fz)}.m_title:where([data-line-clamp]){overflow:hidden}
.m_button{color:red}.m_title .m_button{color:blue}
._shell_x{display:flex}@media (width<=62em){._shell_x{display:block}._other_y{color:red}}
@media (hover:hover){._other_y:hover{color:blue}}
.m_loader{animation:m_spin 1s linear infinite}@keyframes m_spin{to{transform:rotate(1turn)}}@keyframes m_fade{to{opacity:0}}
/* a comment */`;

describe('the stylesheet part the early frame needs', () => {
  const kept = criticalCss(CSS, '<div class="_shell_x"><h1 class="m_title">T</h1><span class="m_loader"></span></div>');

  it('keeps the page-wide base and the rules of the frame’s own classes', () => {
    expect(kept).toContain('box-sizing:border-box');
    expect(kept).toContain('body,:host{margin:0}');
    expect(kept).toContain('.m_title{font-size:var(--title-fz)}');
    expect(kept).toContain('._shell_x{display:block}');
  });

  it('drops what styles other elements, and media queries left empty', () => {
    expect(kept).not.toContain('m_button');
    expect(kept).not.toContain('input');
    expect(kept).not.toContain('_other_y');
    expect(kept).not.toContain('hover');
    expect(kept).not.toContain('comment');
  });

  it('keeps the custom properties something kept reads, and only those', () => {
    const withVariables = criticalCss(
      CSS,
      '<h1 class="m_title" style="--title-fz:var(--mantine-h2-size)">T</h1>',
      ':root{--theme-accent:var(--mantine-color-theme)}',
    );
    // Read by the markup's inline style, and in turn by what that reads.
    expect(withVariables).toContain('--mantine-h2-size:calc(2rem * var(--mantine-scale))');
    expect(withVariables).toContain('--mantine-scale:1');
    // Read through the CSS written beside it (the theme), then through that variable's value.
    expect(withVariables).toContain('--mantine-color-theme:var(--mantine-color-red-2)');
    expect(withVariables).toContain('--mantine-color-red-2:#e00');
    // Read by nothing kept.
    expect(withVariables).not.toContain('--mantine-color-red-1');
    expect(withVariables).not.toContain('--mantine-color-body');
  });

  it('keeps the animations its rules use, and only those', () => {
    expect(kept).toContain('@keyframes m_spin');
    expect(kept).not.toContain('m_fade');
  });
});
