/** The page's style sheet (inline: the page loads nothing): light and dark, one column on a phone, colours of the status classes. */
export const STYLE = `
:root{--bg:#f6f7f9;--panel:#fff;--ink:#1c2430;--mute:#5d6b7e;--line:#e3e7ee;--accent:#2f6fed;--accent2:#9dbaf7;--warn:#b4540a;--warnbg:#fff4e5;--c1:#8a94a6;--c2:#2e9d5b;--c3:#2f6fed;--c4:#e08a00;--c5:#d93a3a;--c6:#a66cd1;color-scheme:light dark}
@media (prefers-color-scheme:dark){:root{--bg:#0f1318;--panel:#171c23;--ink:#e6eaf0;--mute:#93a0b2;--line:#2a313b;--accent:#6d9bff;--accent2:#3a5899;--warn:#ffb86b;--warnbg:#2e2213;--c2:#4cc47f;--c3:#6d9bff;--c4:#ffb020;--c5:#ff6b6b}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--ink);font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
main{max-width:1180px;margin:0 auto;padding:20px 16px 40px}
header{margin:4px 0 18px}
.brand{margin:0;color:var(--accent);font-weight:700;letter-spacing:.04em;text-transform:uppercase;font-size:12px}
h1{margin:2px 0 2px;font-size:24px;line-height:1.2;overflow-wrap:anywhere}
h2{font-size:18px;margin:0 0 4px}
h2.band{margin:26px 0 10px;font-size:16px;color:var(--mute);text-transform:uppercase;letter-spacing:.05em}
h3{font-size:15px;margin:0 0 8px}
h3 small{color:var(--mute);font-weight:400;margin-left:6px}
.sub,.note{color:var(--mute);margin:0 0 10px;font-size:13.5px}
.scope{color:var(--mute);margin:-4px 0 10px;font-size:12.5px;font-style:italic}
.scope.filtered{color:var(--accent);font-style:normal}
.foot{color:var(--mute);margin:8px 0 0;font-size:12px}
.partial,.bad{background:var(--warnbg);color:var(--warn);border:1px solid currentColor;border-radius:8px;padding:8px 12px;margin:10px 0 0}
.bad{margin:0 0 10px;font-size:13.5px;overflow-wrap:anywhere}
.cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(150px,1fr));gap:10px;margin-bottom:16px}
.card,.panel{background:var(--panel);border:1px solid var(--line);border-radius:10px}
.card{padding:12px 14px;min-width:0}
.card .k{color:var(--mute);font-size:12.5px}
.card .v{font-size:22px;font-weight:650;font-variant-numeric:tabular-nums;margin:2px 0;overflow-wrap:anywhere}
.card .s{color:var(--mute);font-size:12px}
.panel{padding:14px 16px;margin-bottom:14px;min-width:0}
.grid2{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,460px),1fr));gap:14px}
.grid2>.panel{margin:0}
.grid2>.wide{grid-column:1/-1}
.filters .shown{font-size:14px;margin-bottom:8px}
.filters .shown .k{color:var(--mute)}
.filters .shown .s{color:var(--mute);font-size:13px}
#total{font-size:26px;font-weight:700;font-variant-numeric:tabular-nums}
.controls{display:flex;flex-wrap:wrap;gap:10px 14px;align-items:flex-end;margin-bottom:10px}
.controls label{display:flex;flex-direction:column;gap:3px;font-size:12.5px;color:var(--mute);flex:1 1 170px;min-width:0}
.controls input,.controls select,.controls button{font:inherit;font-size:14px;color:var(--ink);background:var(--panel);border:1px solid var(--line);border-radius:6px;padding:5px 8px;min-width:0;max-width:100%}
.controls button{cursor:pointer;flex:0 0 auto}
.controls :focus-visible{outline:2px solid var(--accent);outline-offset:1px}
.chart{position:relative;height:240px;margin:6px 0 26px 44px}
.chart svg{position:relative;display:block;width:100%;height:100%;overflow:visible}
#time-chart svg{cursor:crosshair;touch-action:pan-y}
#class-chart{height:160px}
.chart .grid{position:absolute;inset:0;pointer-events:none}
.chart .grid span{position:absolute;left:-44px;right:0;height:0}
.chart .grid span::after{content:"";position:absolute;left:44px;right:0;top:0;border-top:1px dashed var(--line)}
.chart .grid i{position:absolute;right:calc(100% - 38px);top:0;transform:translateY(-50%);font-style:normal;font-size:11.5px;color:var(--mute);font-variant-numeric:tabular-nums}
.chart .brush{position:absolute;top:0;bottom:0;background:color-mix(in srgb,var(--accent) 14%,transparent);border:1px solid var(--accent);border-width:0 1px;pointer-events:none}
.chart .x{position:absolute;left:0;right:0;top:100%;height:22px}
.chart .x span{position:absolute;transform:translateX(-50%);top:6px;font-size:11.5px;color:var(--mute);white-space:nowrap}
.chart .x span.l{transform:none}
.chart .x span.r{transform:translateX(-100%)}
rect.bar{fill:var(--accent)}
rect.bar.on,rect.bar:hover{fill:var(--warn)}
rect.out{opacity:.3}
path.spark{fill:var(--accent)}
.c1xx{fill:var(--c1);background:var(--c1)}.c2xx{fill:var(--c2);background:var(--c2)}.c3xx{fill:var(--c3);background:var(--c3)}.c4xx{fill:var(--c4);background:var(--c4)}.c5xx{fill:var(--c5);background:var(--c5)}.cother{fill:var(--c6);background:var(--c6)}
.legend{list-style:none;display:flex;flex-wrap:wrap;gap:4px 16px;padding:0;margin:0 0 10px;font-size:13px}
.legend i{display:inline-block;width:10px;height:10px;border-radius:2px;margin-right:6px}
.legend b{font-variant-numeric:tabular-nums;margin-left:4px}
.legend li,table.errors td.v{cursor:pointer}
.readout{margin:0;min-height:1.4em;font-size:13px;font-variant-numeric:tabular-nums}
.scroll{overflow-x:auto;-webkit-overflow-scrolling:touch}
.scroll.tall{max-height:440px;overflow-y:auto}
table{width:100%;border-collapse:collapse;font-variant-numeric:tabular-nums}
th{text-align:left;font-size:12px;color:var(--mute);font-weight:600;border-bottom:1px solid var(--line);padding:0 8px 6px;white-space:nowrap;background:var(--panel)}
.tall th{position:sticky;top:0}
th button{all:unset;cursor:pointer}
th button:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
th[aria-sort=ascending] button::after{content:" ▲"}
th[aria-sort=descending] button::after{content:" ▼"}
td{padding:6px 8px;border-bottom:1px solid var(--line);vertical-align:middle}
tr:last-child td{border-bottom:0}
tr.picked td{background:var(--warnbg)}
td.v{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:13px;overflow-wrap:break-word;word-break:break-word;unicode-bidi:isolate;min-width:12ch}
td.none{color:var(--mute);font-family:inherit;font-style:italic}
td.n{text-align:right;white-space:nowrap}
td.n small{color:var(--mute)}
td.share{width:130px;white-space:nowrap;font-size:12.5px;color:var(--mute)}
.meter{display:inline-block;vertical-align:middle;width:64px;height:6px;border-radius:3px;background:var(--line);margin-right:6px;overflow:hidden}
.meter span{display:block;height:100%;background:var(--accent2)}
td.sparkline{width:30%;min-width:120px}
td.sparkline svg{display:block;width:100%;height:26px}
footer{color:var(--mute);font-size:12px;margin-top:28px}
@media (max-width:600px){main{padding:14px 10px 30px}h1{font-size:20px}.chart{height:180px}#class-chart{height:120px}.chart .x span:nth-child(even){display:none}td.share{width:auto}.meter{display:none}td.sparkline{min-width:64px;width:22%}td{padding:6px 5px}.controls label{flex-basis:100%}table.costs td,table.costs th,table.errors td,table.errors th{padding:6px 3px;font-size:12.5px}table.costs td.v,table.errors td.v{min-width:9ch}}
`;
