// An app with the element alone, as the README's first example: the baseline of the bundle check.
import 'autoui-agent';

document.body.append(document.createElement('autoui-agent'));
