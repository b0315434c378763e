import { describe, expect, it } from 'vitest';
import { criticalCss } from '../../../critical-css.ts';

const CSS = `:root,:host{--mantine-scale:1}*,:before,:after{box-sizing:border-box}input,button{font:inherit}
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
    expect(kept).toContain('--mantine-scale:1');
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

  it('keeps the animations its rules use, and only those', () => {
    expect(kept).toContain('@keyframes m_spin');
    expect(kept).not.toContain('m_fade');
  });
});
