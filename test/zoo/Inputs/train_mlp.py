"""Models for test/zoo/from-torch-train*.test (zoo/models/from_torch.py --train)."""
import torch


def make():
    """A two-layer MLP: 64 -> 128 -> ReLU -> 10."""
    return torch.nn.Sequential(torch.nn.Linear(64, 128), torch.nn.ReLU(),
                               torch.nn.Linear(128, 10))


class Branchy(torch.nn.Module):
    """A branch on a tensor's value: torch.compile(fullgraph=True) cannot
    capture it in one graph, so there is no backward graph to export."""

    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(64, 10)

    def forward(self, x):
        y = self.fc(x)
        if y.sum().item() > 0:
            return y
        return -y


def make_branchy():
    return Branchy()


def make_frozen():
    """No trainable parameters."""
    return torch.nn.Sequential(torch.nn.ReLU())
