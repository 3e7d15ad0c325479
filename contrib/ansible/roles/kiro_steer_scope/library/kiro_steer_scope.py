#!/usr/bin/python
# -*- coding: utf-8 -*-
# kiro-steer-scope's Ansible module: runs the tool as the user the task runs
# as and reports what the tool's JSON says it did, nothing more.

DOCUMENTATION = r"""
module: kiro_steer_scope
short_description: Bring one user's kiro-cli runtimes to the chosen steering fixes, or back to stock
description:
  - Runs the kiro-steer-scope binary as the user the task runs as (use C(become_user)) and reads its C(--json) output.
    C(changed) is true only when the tool (or this module) wrote a file; in check mode, when it would.
  - I(state=present) checks every KAS tree first (C(--dry-run --all)) and fails, with the tool's own message and next step,
    before writing anything if any tree would be refused (drift, foreign, tampered, inconclusive, ...). It then saves the
    choice and links the launch shim (C(--set-up)), writes the systemd user environment file that sets KIRO_KAS_NODE_PATH,
    and patches every tree (C(--ensure --all)).
  - I(state=absent) checks every tree (C(--check --all)) and fails before writing anything if a tree could not be restored;
    it then removes the environment file, restores every tree byte for byte (C(--restore --all), which also removes
    mirrors), and removes the shim link, the saved choice and the tool's cache.
  - Check mode maps to the tool's C(--dry-run) (and C(--check) for I(state=absent)); nothing is written.
options:
  binary:
    description: Path of the kiro-steer-scope binary on the host.
    type: path
    required: true
  state:
    description: C(present) to roll the fixes out, C(absent) to take them and the set-up out again.
    type: str
    choices: [present, absent]
    default: present
  mode:
    description: Which fix for the replay (C(--mode)).
    type: str
    choices: [seed, gate]
    default: seed
  rewind_on_clear:
    description: Also fix the stranding after a clear (C(--rewind-on-clear)).
    type: bool
    default: false
  write_to:
    description:
      - Where the launch shim patches (C(--set-up --write-to)). With C(mirror) the trees are never written, so this
        module does not patch them either; the shim runs a patched mirror instead.
    type: str
    choices: [auto, tree, mirror]
    default: auto
  node:
    description: The node that checks the result and that the shim starts (C(--node)); default kiro-cli's own.
    type: path
  node_timeout:
    description: Seconds C(node --check) may take (C(--node-timeout)).
    type: int
  environment_file:
    description:
      - On Linux, write C(${XDG_CONFIG_HOME:-~/.config}/environment.d/kiro-steer-scope.conf), which sets KIRO_KAS_NODE_PATH
        to the shim for programs of the user's systemd session. Removed with I(state=absent) either way.
    type: bool
    default: true
  preflight:
    description:
      - Check every tree with C(--dry-run --all) before writing anything. The role turns it off for its second pass,
        having checked every user of the host first.
    type: bool
    default: true
"""

EXAMPLES = r"""
- name: Roll the fix out for alice
  kiro_steer_scope:
    binary: /usr/local/bin/kiro-steer-scope
    mode: seed
  become: true
  become_user: alice
"""

RETURN = r"""
trees:
  description: One entry per KAS tree, as the tool reported it (empty when kiro-cli has unpacked none yet).
  type: list
  returned: always
setup:
  description: The tool's C(--set-up --json) answer (config, shim, cache, changed).
  type: dict
  returned: when the set-up was asked about
shim:
  description: The launch shim's path; KIRO_KAS_NODE_PATH should name it.
  type: str
  returned: state=present
environment_file:
  description: The systemd user environment file written or removed, if any.
  type: str
  returned: always
"""

import json
import os
import shutil
import sys

from ansible.module_utils.basic import AnsibleModule

SHIM_NAME = "kiro-steer-scope-node"
ENV_FILE = "environment.d/kiro-steer-scope.conf"
# The states --restore accepts (it refuses every other one).
RESTORABLE = ("stock", "patched", "drift")


class Tool:
    def __init__(self, module):
        self.module = module
        self.binary = module.params["binary"]

    def run(self, args):
        """The tool's JSON answer and exit code; fails the task when there is none."""
        rc, out, err = self.module.run_command([self.binary] + args)
        try:
            data = json.loads(out)
        except ValueError:
            self.module.fail_json(
                msg="kiro-steer-scope %s printed no JSON (exit %s): %s" % (" ".join(args), rc, (err or out).strip()),
                rc=rc,
            )
        # A usage error is one object, not the array --all prints: an older binary, most likely.
        if isinstance(data, dict) and data.get("error") and data.get("action") is None:
            why = "is %s recent enough for this role?" % self.binary
            self.module.fail_json(msg="kiro-steer-scope %s: %s (%s)" % (" ".join(args), data["error"], why), rc=rc)
        return data, rc

    def fixes(self):
        p = self.module.params
        args = ["--mode", p["mode"], "--rewind-on-clear" if p["rewind_on_clear"] else "--no-rewind-on-clear"]
        if p["node"]:
            args += ["--node", p["node"]]
        if p["node_timeout"]:
            args += ["--node-timeout", str(p["node_timeout"])]
        return args

    def trees(self, args):
        """Every tree's outcome of an --all run; none when kiro-cli has unpacked no tree yet."""
        data, rc = self.run(args + ["--all", "--json"])
        if not isinstance(data, list):
            self.module.fail_json(msg="kiro-steer-scope %s --all gave no list of trees: %s" % (args[0], data), rc=rc)
        if len(data) == 1 and data[0].get("no_tree"):
            return []
        return data

    def set_up(self, dry_run):
        p = self.module.params
        args = ["--set-up", "--json", "--write-to", p["write_to"]] + self.fixes()
        data, rc = self.run(args + (["--dry-run"] if dry_run else []))
        if rc != 0:
            self.module.fail_json(msg="kiro-steer-scope --set-up failed: %s" % data.get("error"), setup=data)
        return data


def summary(tree):
    keep = ("cli_version", "agent_version", "target", "state", "mode", "state_after", "mode_after", "changed",
            "sha256_before", "sha256_after", "message", "error", "next_step", "warnings", "exit_code")
    return dict((k, tree.get(k)) for k in keep)


def mirrorable(tree):
    """A stock tree that --check refused only for its folder, which the shim's mirror leaves alone."""
    return tree.get("state") == "stock" and tree.get("writable") is False


def would_write(tree):
    """A dry run's verdict: the tree would get other bytes."""
    after = tree.get("sha256_after")
    return tree.get("exit_code") == 0 and after is not None and after != tree.get("sha256_before")


def refusal_text(tree):
    """One refused tree in the tool's words: which, its state, the error, the next step."""
    parts = [tree.get("target") or "kiro-cli's data folder"]
    if tree.get("cli_version"):
        parts.insert(0, "kiro-cli %s" % tree["cli_version"])
    if tree.get("state"):
        parts.append(tree["state"])
    text = "%s: %s" % (", ".join(parts), (tree.get("error") or tree.get("message") or "refused").rstrip("."))
    if tree.get("next_step"):
        text += ". Next: %s" % tree["next_step"].rstrip(".")
    return text + "."


def fail_refused(module, refused, trees, done, **extra):
    """Fails the task with each refusal in the tool's own words."""
    n = len(refused)
    head = "kiro-steer-scope refused %d KAS tree%s; %s." % (n, "" if n == 1 else "s", done)
    msg = " ".join([head] + [refusal_text(t) for t in refused])
    module.fail_json(msg=msg, trees=[summary(t) for t in trees], **extra)


def environment_file_path():
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return os.path.join(base, ENV_FILE)


def write_atomically(path, text):
    folder = os.path.dirname(path)
    if not os.path.isdir(folder):
        os.makedirs(folder)
    temp = os.path.join(folder, ".%s.%d" % (os.path.basename(path), os.getpid()))
    with open(temp, "w") as f:
        f.write(text)
    os.rename(temp, path)


def read_text(path):
    try:
        with open(path) as f:
            return f.read()
    except (IOError, OSError):
        return None


def remove(path, check_mode):
    """Removes a file or link; whether there was one."""
    if not os.path.lexists(path):
        return False
    if not check_mode:
        os.unlink(path)
    return True


def remove_folder_if_empty(path, check_mode):
    # Only the tool's own folders, and only when nothing else is left in them.
    if check_mode or os.path.basename(path) != "kiro-steer-scope":
        return
    try:
        os.rmdir(path)
    except OSError:
        pass


def present(module, tool):
    check = module.check_mode
    p = module.params
    mirror_only = p["write_to"] == "mirror"
    trees = []
    if p["preflight"] or check:
        # A tree that is never written (write-to mirror) gets --check: a dry run stages a file beside it.
        if mirror_only:
            trees = tool.trees(["--check"] + tool.fixes())
            # A stock tree refused only because its folder is not writable is what a mirror is for.
            refused = [t for t in trees if t.get("exit_code") not in (0, 1) and not mirrorable(t)]
        else:
            trees = tool.trees(["--dry-run"] + tool.fixes())
            refused = [t for t in trees if t.get("exit_code") != 0]
        if refused:
            fail_refused(module, refused, trees, "nothing was written on this host")
    setup = tool.set_up(dry_run=check)
    changed = bool(setup.get("changed"))
    env_file = None
    if p["environment_file"] and sys.platform.startswith("linux"):
        env_file = environment_file_path()
        wanted = "KIRO_KAS_NODE_PATH=%s\n" % setup["shim"]
        if read_text(env_file) != wanted:
            changed = True
            if not check:
                write_atomically(env_file, wanted)
    if check:
        written = [] if mirror_only else [t for t in trees if would_write(t)]
    else:
        # With write-to mirror the trees stay as they are: the shim patches a mirror at each start.
        trees = tool.trees(["--check" if mirror_only else "--ensure"] + tool.fixes())
        refused = [] if mirror_only else [t for t in trees if t.get("exit_code") != 0]
        if refused:
            fail_refused(module, refused, trees, "the other trees are as the tool left them", setup=setup,
                         changed=changed or any(t.get("changed") for t in trees))
        written = [t for t in trees if t.get("changed")]
    changed = changed or bool(written)
    verb = "would patch" if check else "patched"
    if not trees:
        what = "no KAS tree yet (the launch shim patches each on the start that unpacks it)"
    elif mirror_only:
        many = len(trees) != 1
        what = "%d KAS tree%s left as %s (write-to mirror)" % (
            len(trees), "s" if many else "", "they are" if many else "it is")
    else:
        what = "%d KAS tree%s, %s %d" % (len(trees), "" if len(trees) == 1 else "s", verb, len(written))
    setup_text = ("set-up would change" if check else "set-up written") if setup.get("changed") else "set-up unchanged"
    module.exit_json(changed=changed, msg="%s; %s" % (what, setup_text), trees=[summary(t) for t in trees],
                     setup=setup, shim=setup.get("shim"), environment_file=env_file)


def absent(module, tool):
    check = module.check_mode
    # --check reads the trees and their mirrors without writing, and shows what --restore would refuse.
    checked = tool.trees(["--check"])
    refused = [t for t in checked if t.get("state") not in RESTORABLE]
    if refused:
        fail_refused(module, refused, checked, "nothing was written on this host")
    # Where this user's set-up lives, as the tool itself says (a dry run writes nothing).
    places = tool.set_up(dry_run=True)
    env_file = environment_file_path()
    # The variable goes first, so that no new session names a shim about to go.
    removed = [env_file] if remove(env_file, check) else []
    if check:
        trees = checked
        restored = [t for t in trees if t.get("state") == "patched"]
        mirrored = [t for t in trees if (t.get("setup") or {}).get("mirror")]
    else:
        trees = tool.trees(["--restore"])
        refused = [t for t in trees if t.get("exit_code") != 0]
        if refused:
            fail_refused(module, refused, trees, "the other trees are as the tool left them",
                         changed=bool(removed) or any(t.get("changed") for t in trees))
        restored = [t for t in trees if t.get("changed")]
        mirrored = [t for t in trees if ((t.get("setup") or {}).get("mirror") or {}).get("removed")]
    shim = places["shim"]
    # Only the tool's own link (or a copy under its name).
    if os.path.basename(shim) == SHIM_NAME and remove(shim, check):
        removed.append(shim)
    remove_folder_if_empty(os.path.dirname(shim), check)
    if remove(places["config"], check):
        removed.append(places["config"])
    remove_folder_if_empty(os.path.dirname(places["config"]), check)
    cache = places.get("cache")
    if cache:
        for sub in ("mirrors", "verified"):
            path = os.path.join(cache, sub)
            if os.path.isdir(path) and not os.path.islink(path):
                removed.append(path)
                if not check:
                    shutil.rmtree(path)
        remove_folder_if_empty(cache, check)
    n = len(trees)
    msg = "%d KAS tree%s, %s %d" % (n, "" if n == 1 else "s", "would restore" if check else "restored", len(restored))
    if mirrored:
        msg += ", %s the mirrors of %d" % ("would remove" if check else "removed", len(mirrored))
    msg += "; %s: %s" % ("would remove" if check else "removed", ", ".join(removed)) if removed else "; no set-up left"
    module.exit_json(changed=bool(restored or mirrored or removed), msg=msg, trees=[summary(t) for t in trees],
                     setup=places, environment_file=env_file)


def main():
    module = AnsibleModule(
        argument_spec=dict(
            binary=dict(type="path", required=True),
            state=dict(type="str", choices=["present", "absent"], default="present"),
            mode=dict(type="str", choices=["seed", "gate"], default="seed"),
            rewind_on_clear=dict(type="bool", default=False),
            write_to=dict(type="str", choices=["auto", "tree", "mirror"], default="auto"),
            node=dict(type="path"),
            node_timeout=dict(type="int"),
            environment_file=dict(type="bool", default=True),
            preflight=dict(type="bool", default=True),
        ),
        supports_check_mode=True,
    )
    binary = module.params["binary"]
    if not (os.path.isfile(binary) and os.access(binary, os.X_OK)):
        module.fail_json(msg="kiro-steer-scope is not installed at %s (or cannot be run by this user)" % binary)
    tool = Tool(module)
    if module.params["state"] == "present":
        present(module, tool)
    else:
        absent(module, tool)


if __name__ == "__main__":
    main()
